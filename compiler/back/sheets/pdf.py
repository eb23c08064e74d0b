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


def write(document: Any, path: Path, pages: list | None = None) -> None:
    """Write `document` (or a selection of pages of rendered documents) as a PDF at `path`."""
    if pages is not None:
        document = document.copy(pages)
    with _fixed_font_timestamps():
        data = document.write_pdf()
    fsio.write_bytes(path, data)


def overflowing(document: Any, css_class: str) -> list[str]:
    """The `data-id` of every element of class `css_class` whose content runs past its bottom
    (and is cut there by `overflow: hidden`), in page order. Reads WeasyPrint's laid-out boxes."""
    found: list[str] = []

    def walk(box: Any) -> None:
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if css_class in classes and getattr(box, "children", None):
            bottom = box.content_box_y() + box.height
            content = max(c.border_box_y() + c.border_height() for c in box.children)
            if content > bottom + 0.5 and element.get("data-id") not in found:
                found.append(element.get("data-id"))
            return
        for child in getattr(box, "children", []):
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found
