"""The interface's gettext catalogs (domain `tooltutor`): `<lang>/LC_MESSAGES/tooltutor.po` and
its compiled `.mo`, read by `tooltutor.i18n`; docs/translations.md says how to update them."""
