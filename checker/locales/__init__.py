"""Message catalogs of the checker, one module per language (see `checker.i18n`)."""
