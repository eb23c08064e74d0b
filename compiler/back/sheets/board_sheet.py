"""board.html: the board (board.py) tiled onto pages (tiles.py), then its tracks (tracks.py)."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.back.sheets import board_fields, board_labels, tiles
from compiler.back.sheets.board import (
    BAND,
    CELL_BORDER,
    LEGEND_ROW,
    LEGEND_WIDTH,
    SQUARE,
    STRIP,
    Board,
    build_board,
    problems,
)
from compiler.back.sheets.html import render
from compiler.back.sheets.layout import CARD_H, CARD_W, Paper
from compiler.back.sheets.tracks import track_views
from compiler.back.sheets.words import Words

TRACK_MARGIN = 10.0  # page margin of the track pages, mm


@dataclass
class TileView:
    """A tile and what of the board shows on it. Only what meets the tile's window is written:
    WeasyPrint clips positioned boxes to the window, but one lying wholly below the page would
    be carried onto the next page."""

    tile: tiles.Tile
    boxes: list
    labels: list
    legend: bool
    fields: list


def _meets(tile: tiles.Tile, x: float, y: float, w: float, h: float) -> bool:
    return x < tile.x1 and tile.x0 < x + w and y < tile.y1 and tile.y0 < y + h


def tile_views(board: Board, laid: list[tiles.Tile]) -> list[TileView]:
    out = []
    for tile in laid:
        boxes = [b for b in board.boxes if _meets(tile, b.x, b.y, b.w, b.h)]
        labels = [lb for lb in board.labels if _meets(tile, lb.x, lb.y, lb.width, lb.height)]
        legend = board.legend_at is not None and _meets(tile, *board.legend_at, LEGEND_WIDTH,
                                                        board.legend_height)
        fields = [f for f in board.fields if _meets(tile, f.x, f.y, f.w, f.h)]
        out.append(TileView(tile, boxes, labels, legend, fields))
    return out


def board_warnings(words: Words) -> list[str]:
    """What on the board a reader could misread (board.problems), and players' boxes too small
    for the markers, for the author."""
    board = build_board(words)
    if board is None:
        return []
    crowded = board_fields.problems(board.fields)
    out = [f"on the board: {p}; move a box in the map file's `board`, or route the link"
           for p in problems(board) if p not in crowded]
    out += [f"on the board: {p}; give the field more room in the map file's `board.fields`, or shorten "
            "its heading or note" for p in crowded]
    spec = words.game.sheets.markers
    cells = [c for b in board.boxes for c in b.cells]
    if spec is not None and cells and min(min(c.w, c.h) for c in cells) < spec.size:
        out.append(f"the players' boxes on the board are smaller than the markers ({spec.size:g} mm); "
                   "make the map file's board `box` larger")
    return out


def has_board(words: Words) -> bool:
    spec = words.game.sheets.board
    return spec is not None and (spec.geometry is not None or bool(spec.tracks))


def laid_tiles(board: Board | None, paper: Paper) -> tuple[tuple[float, float], list[tiles.Tile]]:
    """The page size and the tiles of `board` on `paper`, their alignment crosses clear of every
    box, name and the legend (none without a board drawing)."""
    if board is None:
        return (max(paper.width, paper.height), min(paper.width, paper.height)), []
    covered = tuple((x, y, w, h) for _what, x, y, w, h in board.rects())
    return tiles.tiles(board.width, board.height, paper.width, paper.height, covered)


def board_html(words: Words, paper: Paper) -> str:
    board = build_board(words)
    page, laid = laid_tiles(board, paper)
    title = f"{words.name(words.game.id)} – {board_labels.label(words.lang, 'board')}"

    def lab(key: str, **values: object) -> str:
        return board_labels.label(words.lang, key, **values)

    views = tile_views(board, laid) if board is not None else []
    return render("board.html.j2", words=words, title=title, board=board, tiles=views, page=page,
                  paper=Paper(paper.name, *page), field_pad=board_fields.PAD, field_sizes=(
                      board_fields.HEAD_PT, board_fields.HEAD_LEADING, board_fields.NOTE_PT,
                      board_fields.NOTE_LEADING), card=(CARD_W, CARD_H),
                  margin=tiles.MARGIN, cross=tiles.CROSS, band=BAND, square=SQUARE, strip=STRIP,
                  cell_border=CELL_BORDER,
                  legend_width=LEGEND_WIDTH, legend_row=LEGEND_ROW, lab=lab,
                  tracks=track_views(words, page[0] - 2 * TRACK_MARGIN))


def board_web_html(words: Words) -> str | None:
    """The whole board on one page for a screen (`kurtyna serve`): the printed board's drawing
    (board_drawing.html.j2), untiled; None for a game with no board drawing."""
    board = build_board(words)
    if board is None:
        return None
    whole = tiles.Tile(0, 0, "web", 0.0, 0.0, board.width, board.height)
    view = TileView(whole, list(board.boxes), list(board.labels), board.legend_at is not None,
                    list(board.fields))
    title = f"{words.name(words.game.id)} – {board_labels.label(words.lang, 'board')}"
    return render("board_web.html.j2", words=words, title=title, board=board, view=view,
                  field_pad=board_fields.PAD, field_sizes=(board_fields.HEAD_PT, board_fields.HEAD_LEADING,
                                                          board_fields.NOTE_PT, board_fields.NOTE_LEADING),
                  card=(CARD_W, CARD_H), band=BAND, square=SQUARE, strip=STRIP, cell_border=CELL_BORDER,
                  legend_width=LEGEND_WIDTH, legend_row=LEGEND_ROW)
