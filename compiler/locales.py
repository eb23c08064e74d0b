"""The languages Kurtyna writes: English, the language of all content, and its translations.

A module of its own, with no imports, so the command line can offer them without loading the
translation machinery (compiler/back/i18n)."""

LOCALES = ("en", "pl", "cs")
SOURCE_LOCALE = "en"
