"""Words of the board, track and marker sheets themselves, the same for every game, per locale.

Like labels.py (the other sheets' words), kept apart so each sheet family owns its words. A
locale states every key; a test checks that the sets and placeholders agree.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "board": "Board",
        "tile": "sheet {name} ({n} of {total})",
        "assembly": "Cut off the margins marked ✂ and lay the sheet over its neighbour so that the "
                    "cut edge runs through the half crosses; tape it from the back. Print at actual size "
                    "(100%).",
        "cells": "{counter}: one box per player",
        "link": "neighbours",
        "link_between": "neighbours in different regions",
        "link_home": "neighbours of: {names}",
        "wrap": "the map wraps round: this link continues at the other edge",
        "option": "only with the option: {name}",
        "subregion": "subregion: {name}",
        "tracks": "Tracks",
        "per_player": "one marker per player",
        "range": "from {min} to {max}",
        "sides": "Positive values: {positive} ahead. Negative values: {negative} ahead.",
        "markers": "Markers",
        "markers_front": "Markers – front",
        "markers_back": "Markers – back",
        "markers_print": "Print both pages double-sided at actual size (100%), flipping on the long edge, "
                         "or print them one-sided and glue them back to back. Cut along the lines.",
        "player_board": "Player board",
        "player_board_print": "Print at actual size (100%), a page for each player, and cut along the "
                              "outer line.",
        "page": "Page",
    },
    "pl": {
        "board": "Plansza",
        "tile": "arkusz {name} ({n} z {total})",
        "assembly": "Odetnij marginesy oznaczone ✂ i połóż arkusz na sąsiednim tak, aby krawędź cięcia "
                    "przechodziła przez połówki krzyżyków; sklej taśmą od spodu. Drukuj w rzeczywistym "
                    "rozmiarze (100%).",
        "cells": "{counter}: osobne pole dla każdego gracza",
        "link": "sąsiedzi",
        "link_between": "sąsiedzi z różnych regionów",
        "link_home": "sąsiedzi: {names}",
        "wrap": "mapa zawija się: to połączenie biegnie dalej od przeciwnej krawędzi",
        "option": "tylko z wariantem: {name}",
        "subregion": "podregion: {name}",
        "tracks": "Tory",
        "per_player": "osobny znacznik dla każdego gracza",
        "range": "od {min} do {max}",
        "sides": "Wartości dodatnie – przewaga: {positive}. Wartości ujemne – przewaga: {negative}.",
        "markers": "Znaczniki",
        "markers_front": "Znaczniki – awers",
        "markers_back": "Znaczniki – rewers",
        "markers_print": "Wydrukuj obie strony dwustronnie w rzeczywistym rozmiarze (100%), z obracaniem "
                         "wzdłuż dłuższej krawędzi, albo jednostronnie i sklej je tyłem do siebie. "
                         "Tnij wzdłuż linii.",
        "player_board": "Plansza gracza",
        "player_board_print": "Wydrukuj w rzeczywistym rozmiarze (100%), po jednej stronie dla każdego "
                              "gracza, i wytnij wzdłuż zewnętrznej linii.",
        "page": "Strona",
    },
    "cs": {
        "board": "Hrací plán",
        "tile": "list {name} ({n} z {total})",
        "assembly": "Odstřihněte okraje označené ✂ a položte list na sousední tak, aby hrana střihu "
                    "procházela polovinami křížků; zezadu slepte páskou. Tiskněte ve skutečné velikosti "
                    "(100 %).",
        "cells": "{counter}: samostatné pole pro každého hráče",
        "link": "sousedé",
        "link_between": "sousedé z různých regionů",
        "link_home": "sousedé: {names}",
        "wrap": "mapa je propojená dokola: toto spojení pokračuje od protějšího okraje",
        "option": "jen s variantou: {name}",
        "subregion": "subregion: {name}",
        "tracks": "Počítadla",
        "per_player": "samostatný žeton pro každého hráče",
        "range": "od {min} do {max}",
        "sides": "Kladné hodnoty – náskok: {positive}. Záporné hodnoty – náskok: {negative}.",
        "markers": "Žetony",
        "markers_front": "Žetony – líc",
        "markers_back": "Žetony – rub",
        "markers_print": "Vytiskněte obě strany oboustranně ve skutečné velikosti (100 %), s otáčením podle "
                         "delší hrany, nebo jednostranně a slepte je rubem k sobě. Stříhejte podél čar.",
        "player_board": "Hráčská deska",
        "player_board_print": "Vytiskněte ve skutečné velikosti (100 %), jednu stranu pro každého hráče, "
                              "a vystřihněte podél vnější čáry.",
        "page": "Strana",
    },
}


def label(lang: str, key: str, **values: object) -> str:
    """A label of the board sheets in `lang`, with `{placeholders}` filled in."""
    text = LABELS[lang][key]
    return text.format(**values) if values else text
