"""Words of the sheets themselves, the same for every game, in each locale.

Game words (attribute labels, notes, the turn sequence) come from content and the catalogs
(see `strings.py`); these are the product's own: section titles, printing instructions, the
calibration page. A locale states every key; `test_sheets` checks that the sets agree.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "fronts": "Card fronts",
        "backs": "Card backs",
        "sheet": "Sheet {n} of {total}",
        "print_fronts": "Print at actual size (100%). Cut along the marks.",
        "print_backs": "Print on the back of the card fronts: double-sided, flip on the long edge.",
        "back_offset": "backs moved by {x} mm, {y} mm",
        "calibration": "Double-sided printing: calibration",
        "front_side": "Front side",
        "back_side": "Back side",
        "calibration_steps": (
            "Print this file on both sides of one sheet, at actual size (100%, not “fit to page”), "
            "flipping on the long edge.\n"
            "Hold the sheet against a window or a lamp with the back side (the one with the scales) "
            "towards you.\n"
            "Read X where the vertical line of the front side crosses the horizontal scale, and Y "
            "where the horizontal line crosses the vertical scale.\n"
            "Build the sheets again with --back-offset X,Y (for example --back-offset 1.5mm,-0.5mm). "
            "When the offset is right, both lines cross the scales at 0."),
        "calibration_again": "If the sheets were already built with an offset, add your reading to it.",
        "offset_used": "Offset used for this print: X = {x} mm, Y = {y} mm",
        "scale_check": "This line is 100 mm long: measure it to check that the printer did not scale "
                       "the page.",
        "reference": "Reference",
        "turn_sequence": "Turn sequence",
        "regions": "Regions",
        "map": "Map",
        "adjacency": "Adjacency",
        "name": "Name",
        "subregion": "Subregion",
        "neighbours": "Neighbours",
        "spaces": "Spaces",
        "cards": "Cards",
        "other_spaces": "Other spaces",
        "outside": "outside the region",
        "grid_adjacency": "There is no fixed map: spaces become neighbours when their cards are laid "
                          "edge to edge during play.",
        "tracks": "Tracks",
        "tables": "Tables",
        "per_player": "one marker per player",
        "range": "from {min} to {max}",
        "page": "Page",
        "glossary": "Abbreviations and symbols",
        "underlined_name": "underlined name",
        "house_card": "House card",
        "house_note": "not in the published game, added by the players",
        "readings": "Readings to agree on before play",
        "reading_default": "default",
        "list_order": "A first, then B",
    },
    "pl": {
        "fronts": "Awersy kart",
        "backs": "Rewersy kart",
        "sheet": "Arkusz {n} z {total}",
        "print_fronts": "Drukuj w rzeczywistym rozmiarze (100%). Tnij wzdłuż znaczników.",
        "print_backs": "Drukuj na odwrocie awersów: dwustronnie, z obracaniem wzdłuż dłuższej krawędzi.",
        "back_offset": "rewersy przesunięte o {x} mm, {y} mm",
        "calibration": "Druk dwustronny: kalibracja",
        "front_side": "Strona przednia",
        "back_side": "Strona tylna",
        "calibration_steps": (
            "Wydrukuj ten plik na obu stronach jednej kartki, w rzeczywistym rozmiarze (100%, bez "
            "„dopasuj do strony”), z obracaniem wzdłuż dłuższej krawędzi.\n"
            "Przyłóż kartkę do okna lub lampy tak, aby strona tylna (ta ze skalami) była zwrócona "
            "do ciebie.\n"
            "Odczytaj X tam, gdzie pionowa linia ze strony przedniej przecina poziomą skalę, oraz Y "
            "tam, gdzie pozioma linia przecina pionową skalę.\n"
            "Zbuduj arkusze ponownie z opcją --back-offset X,Y (na przykład --back-offset "
            "1.5mm,-0.5mm). Przy właściwym przesunięciu obie linie przecinają skale w punkcie 0."),
        "calibration_again": "Jeśli arkusze zbudowano już z przesunięciem, dodaj do niego odczytane "
                             "wartości.",
        "offset_used": "Przesunięcie użyte w tym wydruku: X = {x} mm, Y = {y} mm",
        "scale_check": "Ta linia ma 100 mm długości: zmierz ją, aby sprawdzić, czy drukarka nie "
                       "zmieniła skali.",
        "reference": "Karta pomocy",
        "turn_sequence": "Przebieg tury",
        "regions": "Regiony",
        "map": "Mapa",
        "adjacency": "Sąsiedztwo",
        "name": "Nazwa",
        "subregion": "Podregion",
        "neighbours": "Sąsiedzi",
        "spaces": "Pola",
        "cards": "Karty",
        "other_spaces": "Pozostałe pola",
        "outside": "spoza regionu",
        "grid_adjacency": "Gra nie ma stałej mapy: pola stają się sąsiadami, gdy ich karty zostaną "
                          "położone bok w bok w trakcie gry.",
        "tracks": "Tory",
        "tables": "Tabele",
        "per_player": "osobny znacznik dla każdego gracza",
        "range": "od {min} do {max}",
        "page": "Strona",
        "glossary": "Skróty i symbole",
        "underlined_name": "podkreślona nazwa",
        "house_card": "Karta domowa",
        "house_note": "spoza wydanej gry, dodana przez graczy",
        "readings": "Interpretacje zasad do uzgodnienia przed grą",
        "reading_default": "domyślnie",
        "list_order": "najpierw A, potem B",
    },
    "cs": {
        "fronts": "Líce karet",
        "backs": "Rub karet",
        "sheet": "Arch {n} z {total}",
        "print_fronts": "Tiskněte ve skutečné velikosti (100 %). Stříhejte podle značek.",
        "print_backs": "Tiskněte na rub líců karet: oboustranně, s otáčením podle delší hrany.",
        "back_offset": "rub posunut o {x} mm, {y} mm",
        "calibration": "Oboustranný tisk: kalibrace",
        "front_side": "Přední strana",
        "back_side": "Zadní strana",
        "calibration_steps": (
            "Vytiskněte tento soubor na obě strany jednoho listu, ve skutečné velikosti (100 %, "
            "ne „přizpůsobit stránce“), s otáčením podle delší hrany.\n"
            "Podržte list proti oknu nebo lampě tak, aby zadní strana (ta se stupnicemi) byla "
            "otočena k vám.\n"
            "Odečtěte X v místě, kde svislá čára z přední strany protíná vodorovnou stupnici, a Y "
            "tam, kde vodorovná čára protíná svislou stupnici.\n"
            "Sestavte archy znovu s volbou --back-offset X,Y (například --back-offset "
            "1.5mm,-0.5mm). Při správném posunu protínají obě čáry stupnice v bodě 0."),
        "calibration_again": "Pokud jste archy již sestavili s posunem, přičtěte k němu odečtené "
                             "hodnoty.",
        "offset_used": "Posun použitý pro tento tisk: X = {x} mm, Y = {y} mm",
        "scale_check": "Tato čára je dlouhá 100 mm: změřte ji a ověřte, že tiskárna nezměnila "
                       "měřítko.",
        "reference": "Přehled pravidel",
        "turn_sequence": "Průběh kola",
        "regions": "Regiony",
        "map": "Mapa",
        "adjacency": "Sousedství",
        "name": "Název",
        "subregion": "Subregion",
        "neighbours": "Sousedé",
        "spaces": "Pole",
        "cards": "Karty",
        "other_spaces": "Ostatní pole",
        "outside": "mimo region",
        "grid_adjacency": "Hra nemá pevnou mapu: pole se stávají sousedy, když jsou jejich karty "
                          "během hry položeny hranou k hraně.",
        "tracks": "Počítadla",
        "tables": "Tabulky",
        "per_player": "samostatný ukazatel pro každého hráče",
        "range": "od {min} do {max}",
        "page": "Strana",
        "glossary": "Zkratky a symboly",
        "underlined_name": "podtržený název",
        "house_card": "Domácí karta",
        "house_note": "není součástí vydané hry, přidali ji hráči",
        "readings": "Výklady pravidel, na kterých se dohodněte před hrou",
        "reading_default": "výchozí",
        "list_order": "nejprve A, potom B",
    },
}


def label(lang: str, key: str, **values: object) -> str:
    """A product label in `lang`, with `{placeholders}` filled in."""
    text = LABELS[lang][key]
    return text.format(**values) if values else text
