"""The back ends: the typed model -> engines (python/), card and rule text (text/), catalogs (i18n/)
and printable sheets (sheets/). Imports the front end and dsl/, never the tools."""
