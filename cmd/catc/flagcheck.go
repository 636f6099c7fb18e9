package main

import ()

// pointless rejects a flag the user set that the rest of the command line
// makes meaningless (--seed without --ordering random): silently ignoring
// it would let a user believe it did something.
func pointless(c *cmdRun, flag string, applies bool, needs string) error {
	if applies || !c.IsSet(flag) {
		return nil
	}
	return failf("--%s has no effect without %s: add %s or drop --%s", flag, needs, needs, flag)
}

// firstError is the first non-nil error.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
