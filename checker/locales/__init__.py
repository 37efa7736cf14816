"""The checker's gettext catalogs (domain `checker`): `<lang>/LC_MESSAGES/checker.po` and its
compiled `.mo`, read by `checker.i18n`; docs/translations.md says how to update them."""
