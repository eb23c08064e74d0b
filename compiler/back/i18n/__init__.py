"""Translations of a game's strings: names with their case forms, glossary terms, phrases, texts.

The source language of all content is English (in the YAML); other locales live in gettext
catalogs under content/<game>/locales/<lang>.po (see docs/translating.md).
"""

from __future__ import annotations

from compiler.back.i18n.translations import LOCALES, Translations, translations

__all__ = ["LOCALES", "Translations", "translations"]
