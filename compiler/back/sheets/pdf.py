"""HTML to PDF with WeasyPrint: the same HTML and CSS the browser shows, with the fonts'
subsets embedded. WeasyPrint needs Pango from the system (scripts/system-deps installs it).

Output is deterministic: WeasyPrint writes no date unless the HTML asks for one through
<meta> tags and no file identifier unless asked. The one clock it reads is fontTools', which
stamps each embedded font subset with "modified: now" unless SOURCE_DATE_EPOCH is set (the
reproducible-builds convention): we set it for the write, to the caller's value or to 0.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from compiler import fsio


class PdfError(Exception):
    """WeasyPrint cannot run here (a system library is missing)."""


def _weasyprint():
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: Pango or its friends are not installed
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise PdfError(f"cannot load WeasyPrint ({first}); install Pango and the DejaVu fonts: "
                       "run scripts/system-deps") from None
    return weasyprint


def render(html: str) -> Any:
    """Lay out an HTML document into pages (a weasyprint Document)."""
    return _weasyprint().HTML(string=html).render()


@contextmanager
def _fixed_font_timestamps():
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = saved if saved is not None else "0"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["SOURCE_DATE_EPOCH"]


def to_bytes(document: Any) -> bytes:
    """A laid-out document as the bytes of a PDF, the same on every run."""
    with _fixed_font_timestamps():
        return document.write_pdf()


def write(document: Any, path: Path, pages: list | None = None) -> None:
    """Write `document` (or a selection of pages of rendered documents) as a PDF at `path`."""
    if pages is not None:
        document = document.copy(pages)
    fsio.write_bytes(path, to_bytes(document))


def overflowing(document: Any, css_class: str) -> list[str]:
    """The `data-id` of every element of class `css_class` whose content runs past its bottom or
    its right edge (and is cut there by `overflow: hidden`), in page order. Reads WeasyPrint's
    laid-out boxes."""
    found: list[str] = []

    def extent(box: Any) -> tuple[float, float]:
        """The rightmost edge of anything inside `box`, and the lowest edge of its lines and
        blocks (a glyph's box may reach past its line: that is not an overflow)."""
        right = bottom = float("-inf")
        for child in getattr(box, "children", []):
            right = max(right, child.border_box_x() + child.border_width())
            if not _inline(child):
                bottom = max(bottom, child.border_box_y() + child.border_height())
            inner = extent(child)
            right, bottom = max(right, inner[0]), max(bottom, inner[1])
        return right, bottom

    def walk(box: Any) -> None:
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if css_class in classes and getattr(box, "children", None):
            right, bottom = extent(box)
            too_low = bottom > box.content_box_y() + box.height + 0.5
            too_wide = right > box.content_box_x() + box.width + 0.5 or _crowded(box)
            if (too_low or too_wide) and element.get("data-id") not in found:
                found.append(element.get("data-id"))
            return
        for child in getattr(box, "children", []):
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found


def _inline(box: Any) -> bool:
    """Is `box` inside a line (text, an inline element), rather than a line or a block?"""
    from weasyprint.formatting_structure import boxes

    return isinstance(box, boxes.InlineLevelBox) and not isinstance(box, boxes.InlineBlockBox)


def _crowded(box: Any) -> bool:
    """Are the items of a flex row wider together than the row (laid over each other)?"""
    from weasyprint.formatting_structure import boxes

    if not isinstance(box, boxes.FlexBox):
        return False
    return sum(child.margin_width() for child in box.children) > box.width + 0.5
