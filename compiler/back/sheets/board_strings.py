"""The game's own words on the board, track, marker and player board sheets (game.yaml
`sheets.board`, `sheets.markers` and `sheets.player_board`), each under a sheet.* key for the
catalogs; `strings.sheet_strings` adds them.

Keys:

    sheet.board.value, sheet.board.mark, sheet.board.start    the legend of a space's box
    sheet.board.region.<attribute>                             under a region's name
    sheet.board.track.<track>.label.<value>                    in a box of a track
    sheet.board.track.<track>.note.<value>                     under a box, or listed
    sheet.board.track.<track>.note                             about the whole track
    sheet.board.track.<track>.limit, ....limit_none            the regions a value closes
    sheet.board.track.<track>.column.<column>                  a table column in the boxes
    sheet.board.field.<field>, ....field.<field>.note          a named field's heading and note
    sheet.marker.<of>, sheet.marker.<of>.back                  words on a marker
    sheet.marker_name.<player>                                 a player's short name on markers
    sheet.player_board.title.<player>                          the name on a player's board
    sheet.player_board.field.<field>, ....field.<field>.note    a field's heading and note
    sheet.player_board.below, sheet.player_board.below.note    along the board's bottom edge
    sheet.player_board.aid.<id>, sheet.player_board.aid.<id>.text   a paragraph of the player aid
"""

from __future__ import annotations

from compiler.front.model import Game


def _humanize(name: str) -> str:
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def board_strings(game: Game) -> list[tuple[str, str, str]]:
    """(key, English source, note for translators) for every word of these sheets from content."""
    out: list[tuple[str, str, str]] = []
    spec = game.sheets.board
    if spec is not None:
        if spec.value:
            out.append(("sheet.board.value", spec.value.label or _humanize(spec.value.name),
                        "legend of the board: the number in the small square of a space's box"))
        if spec.mark:
            out.append(("sheet.board.mark", spec.mark.label or _humanize(spec.mark.name),
                        "legend of the board: a space whose name band is filled"))
        if spec.start_label:
            out.append(("sheet.board.start", spec.start_label,
                        "legend of the board: the small numbers printed in the players' boxes"))
        for item in spec.regions:
            out.append((f"sheet.board.region.{item.name}", item.label or _humanize(item.name),
                        "printed with a value under a region's name on the board (short)"))
        for track in spec.tracks:
            key = f"sheet.board.track.{track.track}"
            for value, text in track.labels.items():
                out.append((f"{key}.label.{value}", text,
                            f"short name of box {value} of a track on the board"))
            for value, text in track.notes.items():
                out.append((f"{key}.note.{value}", text, f"note on box {value} of a track on the board"))
            if track.note:
                out.append((f"{key}.note", track.note, "one sentence about a track, under its name"))
            if track.region_limit:
                out.append((f"{key}.limit", track.region_limit.label,
                            "printed in a box of a track before a list of region names"))
                if track.region_limit.none:
                    out.append((f"{key}.limit_none", track.region_limit.none,
                                "printed in a box of a track where no region is listed"))
            if track.table:
                for column in track.table.columns:
                    if column.label:
                        out.append((f"{key}.column.{column.name}", column.label,
                                    "label before a value in each box of a track (short)"))
        for item in spec.fields:
            out.append((f"sheet.board.field.{item.id}", item.label,
                        "heading of a field on the board (short)"))
            if item.note:
                out.append((f"sheet.board.field.{item.id}.note", item.note,
                            "what lies in a field on the board (a short sentence)"))
    markers = game.sheets.markers
    if markers is not None:
        for kind in markers.kinds:
            if kind.label:
                out.append((f"sheet.marker.{kind.of}", kind.label,
                            "printed on a marker to cut out (very short)"))
            if kind.back and kind.back.label:
                out.append((f"sheet.marker.{kind.of}.back", kind.back.label,
                            "printed on the back of a marker (very short)"))
        for player, name in markers.short_names.items():
            out.append((f"sheet.marker_name.{player}", name,
                        "a player's name on the markers where the full name does not fit a marker "
                        "(two to four letters, e.g. a country code)"))
    out += _player_board_strings(game)
    return list({key: (key, text, note) for key, text, note in out}.values())


def _player_board_strings(game: Game) -> list[tuple[str, str, str]]:
    spec = game.sheets.player_board
    if spec is None:
        return []
    key = "sheet.player_board"
    board = "on a player's board"
    out = [(f"{key}.title.{player}", title, f"the player's name {board} (e.g. a state's official name)")
           for player, title in spec.titles.items()]
    for item in spec.fields:
        out.append((f"{key}.field.{item.id}", item.label, f"heading of a field {board} (short)"))
        if item.note:
            out.append((f"{key}.field.{item.id}.note", item.note, f"what lies in a field {board}"))
    if spec.below:
        out.append((f"{key}.below", spec.below[0], f"heading along the bottom edge {board} (short)"))
        if spec.below[1]:
            out.append((f"{key}.below.note", spec.below[1], "what a player lays below their board"))
    for para in spec.aid:
        out.append((f"{key}.aid.{para.id}", para.title, f"title of a paragraph of the player aid {board}"))
        out.append((f"{key}.aid.{para.id}.text", para.text, f"a paragraph of the player aid {board}"))
    return out
