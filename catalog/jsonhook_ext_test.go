package catalog_test

import (
	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
)

func init() { catalog.WriteJSON = catalogjson.WriteCatalog }
