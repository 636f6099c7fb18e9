package catalog_test

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
)

func init() { catalog.WriteJSON = catalogjson.WriteCatalog }
