"""Hostile spreadsheets are refused before openpyxl parses them (issue 12)."""

from __future__ import annotations

import base64
import io
import random
import time
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests import factories
from tournaments.documents import upload_checks
from tournaments.models import Participant

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
PKG = "http://schemas.openxmlformats.org/package/2006"
XML = '<?xml version="1.0" encoding="UTF-8"?>'

CONTENT_TYPES = (
    f'{XML}<Types xmlns="{PKG}/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{SML}.sheet.main+xml"/>'
    f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SML}.worksheet+xml"/>'
    f'<Override PartName="/xl/sharedStrings.xml" ContentType="{SML}.sharedStrings+xml"/>'
    "</Types>"
)
ROOT_RELS = (
    f'{XML}<Relationships xmlns="{PKG}/relationships">'
    f'<Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
WORKBOOK = (
    f'{XML}<workbook xmlns="{NS}" xmlns:r="{RELS}">'
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
WORKBOOK_RELS = (
    f'{XML}<Relationships xmlns="{PKG}/relationships">'
    f'<Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>'
    "</Relationships>"
)


def _xlsx(
    sheet_data: bytes,
    shared_strings: bytes = b"",
    dimension: bytes = b"",
    sheet: str = "xl/worksheets/sheet1.xml",
) -> bytes:
    """A minimal workbook, written with zipfile: the hostile part is ours to choose.

    ``sheet`` is where the worksheet is stored; the workbook's relationships
    and the content types point there, as openpyxl follows them.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr(
            "[Content_Types].xml", CONTENT_TYPES.replace("/xl/worksheets/sheet1.xml", f"/{sheet}")
        )
        z.writestr("_rels/.rels", ROOT_RELS)
        z.writestr("xl/workbook.xml", WORKBOOK)
        z.writestr(
            "xl/_rels/workbook.xml.rels",
            WORKBOOK_RELS.replace('Target="worksheets/sheet1.xml"', f'Target="/{sheet}"'),
        )
        z.writestr(
            sheet,
            f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{NS}">'.encode()
            + dimension
            + b"<sheetData>"
            + sheet_data
            + b"</sheetData></worksheet>",
        )
        z.writestr(
            "xl/sharedStrings.xml",
            f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{NS}">'.encode()
            + shared_strings
            + b"</sst>",
        )
    return buffer.getvalue()


def _header() -> bytes:
    return (
        b'<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c>'
        b'<c r="B1" t="inlineStr"><is><t>nationality</t></is></c></row>'
    )


def _wide_row() -> bytes:
    """A 3,000,000-cell row: a few hundred kilobytes packed."""
    return _xlsx(_header() + b'<row r="2">' + b"<c><v>1</v></c>" * 3_000_000 + b"</row>")


def _shared_strings_bomb() -> bytes:
    """One shared string of 200 MB, a few hundred kilobytes packed."""
    row = (
        b'<row r="2"><c r="A2" t="s"><v>0</v></c>'
        b'<c r="B2" t="inlineStr"><is><t>DE</t></is></c></row>'
    )
    return _xlsx(_header() + row, b"<si><t>" + b"A" * 200_000_000 + b"</t></si>")


def _just_under_the_size_limit() -> bytes:
    """Within the archive's limits, but one row of 100,000 cells."""
    return _xlsx(_header() + b'<row r="2">' + b"<c><v>1</v></c>" * 100_000 + b"</row>")


@pytest.mark.parametrize(
    "build", [_wide_row, _shared_strings_bomb, _just_under_the_size_limit], ids=lambda b: b.__name__
)
def test_a_hostile_spreadsheet_is_refused_fast_and_small(organiser_api, build):
    tournament = factories.make_tournament()
    content = build()
    assert len(content) < 2 * 1024 * 1024  # small enough to pass the upload's own size limit
    path = f"/api/tournaments/{tournament.pk}/participants/import/"

    def post():
        upload = SimpleUploadedFile("players.xlsx", content, content_type=XLSX)
        return organiser_api.post(path, {"file": upload}, format="multipart")

    started = time.perf_counter()
    response = post()
    elapsed = time.perf_counter() - started
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["code"], error["field"]) == ("file_too_large", "file")
    assert error["message"]
    assert elapsed < 2.0
    # Again, with every allocation traced: the worker does not grow with the unpacked size.
    tracemalloc.start()
    try:
        assert post().status_code == 400
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * 1024 * 1024
    assert not Participant.objects.filter(tournament=tournament).exists()


def test_a_declared_dimension_beyond_the_limits_is_refused(organiser_api):
    tournament = factories.make_tournament()
    content = _xlsx(_header(), dimension=b'<dimension ref="A1:XFD1048576"/>')
    upload = SimpleUploadedFile("players.xlsx", content, content_type=XLSX)
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/import/",
        {"file": upload},
        format="multipart",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "file_too_large"


def test_a_plain_workbook_passes_the_inspection(organiser_api):
    tournament = factories.make_tournament()
    row = (
        b'<row r="2"><c r="A2" t="inlineStr"><is><t>Lena Vogel</t></is></c>'
        b'<c r="B2" t="inlineStr"><is><t>DE</t></is></c></row>'
    )
    upload = SimpleUploadedFile("players.xlsx", _xlsx(_header() + row), content_type=XLSX)
    upload_checks.inspect_xlsx(upload)  # no error
    response = organiser_api.post(
        f"/api/tournaments/{tournament.pk}/participants/import/",
        {"file": upload},
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    names = Participant.objects.filter(tournament=tournament).values_list("name", flat=True)
    assert list(names) == ["Lena Vogel"]


# Where openpyxl finds a worksheet: wherever the workbook's relationships say,
# whatever the case of its name (the review's bypass: ``sheet1.XML``).
HIDDEN_SHEETS = [
    "xl/worksheets/sheet1.XML",
    "xl/worksheets/sub/sheet1.xml",
    "xl/WorkSheets/Sheet1.xml",
    "xl/elsewhere/data.bin",
]


@pytest.mark.parametrize("sheet", HIDDEN_SHEETS)
def test_a_worksheet_stored_anywhere_is_checked(organiser_api, sheet):
    import resource

    import openpyxl

    # openpyxl really reads a worksheet stored there
    small = _xlsx(_header(), sheet=sheet)
    workbook = openpyxl.load_workbook(io.BytesIO(small), read_only=True)
    assert next(workbook.active.iter_rows(values_only=True))[:2] == ("name", "nationality")

    tournament = factories.make_tournament()
    # Incompressible padding keeps the packing ratio under MAX_RATIO, as in the review.
    padding = b"<!--" + base64.b64encode(random.Random(7).randbytes(84_000)) + b"-->"
    row = b'<row r="2">' + b"<c/>" * 1_900_000 + b"</row>"
    content = _xlsx(_header() + padding + row, sheet=sheet)
    assert len(content) < 100 * 1024  # the review's 100 KB file
    with zipfile.ZipFile(io.BytesIO(content)) as archive:  # within the archive's own limits
        [member] = [m for m in archive.infolist() if m.filename == sheet]
        assert member.file_size < upload_checks.MAX_RATIO * member.compress_size
        total = sum(m.file_size for m in archive.infolist())
        assert total < upload_checks.MAX_UNCOMPRESSED
    path = f"/api/tournaments/{tournament.pk}/participants/import/"
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    started = time.perf_counter()
    try:
        upload = SimpleUploadedFile("players.xlsx", content, content_type=XLSX)
        response = organiser_api.post(path, {"file": upload}, format="multipart")
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rss_growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) * 1024
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "file_too_large"
    assert elapsed < 2.0
    assert peak < 200 * 1024 * 1024 and rss_growth < 200 * 1024 * 1024
    assert not Participant.objects.filter(tournament=tournament).exists()
