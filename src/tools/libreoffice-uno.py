#!/usr/bin/python3
# UNO client for the warm LibreOffice pool (src/tools/libreoffice.ts), run per
# conversion through src/tools/run.ts with Debian's python3 + python3-uno
# (tested with LibreOffice 7.4.7, Python 3.11). It connects to one soffice
# instance over its named pipe, loads the document with macros off, links not
# updated and every dialog answered "abort", exports PDF, and exits with a
# code the TypeScript side maps to an API error. A document password (if any)
# arrives on stdin, never on argv.
#
#   libreoffice-uno.py ping PIPE WAIT_SECONDS
#   libreoffice-uno.py convert PIPE INPUT_URL OUTPUT_URL KIND FORMAT   (FORMAT pdf|odt; stdin: password or empty)
import os
import re
import sys
import time

import uno
import unohelper
from com.sun.star.connection import NoConnectException
from com.sun.star.task import XInteractionHandler2

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_PASSWORD_REQUIRED = 10
EXIT_INCORRECT_PASSWORD = 11
EXIT_LOAD_FAILED = 12
EXIT_EXPORT_FAILED = 13
EXIT_NO_CONNECTION = 14

# Values of com.sun.star.document.MacroExecMode / UpdateDocMode.
NEVER_EXECUTE = 0
NO_UPDATE = 0

PDF_FILTERS = [
    ("com.sun.star.text.GenericTextDocument", "writer_pdf_Export"),
    ("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export"),
    ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export"),
    ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export"),
]

def prop(name, value):
    p = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    p.Name = name
    p.Value = value
    return p


def connect(pipe, wait_seconds):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


class AbortingHandler(unohelper.Base, XInteractionHandler2):
    """Answers every request (password, repair, filter options …) with Abort; counts password prompts.

    The request itself is not read: pyuno on Python 3.11 cannot turn the UNO
    exception it carries into a Python object, so a password prompt is
    recognised by its XInteractionPassword continuation instead.
    """

    def __init__(self):
        self.password_requests = 0

    def handle(self, request):
        self.handleInteractionRequest(request)

    def handleInteractionRequest(self, request):
        password = uno.getTypeByName("com.sun.star.task.XInteractionPassword")
        abort = uno.getTypeByName("com.sun.star.task.XInteractionAbort")
        continuations = request.getContinuations()
        if any(c.queryInterface(password) is not None for c in continuations):
            self.password_requests += 1
        for continuation in continuations:
            if continuation.queryInterface(abort) is not None:
                continuation.select()
                return True
        return False


def ping(pipe, wait_seconds):
    try:
        ctx = connect(pipe, float(wait_seconds))
        ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print("no connection: %s" % error, file=sys.stderr)
        return EXIT_NO_CONNECTION
    return EXIT_OK


def asks_for_password(desktop, input_url, load):
    """True if the document, opened without a password, prompts for one (it is encrypted)."""
    probe = AbortingHandler()
    props = [p for p in load if p.Name not in ("Password", "InteractionHandler")] + [prop("InteractionHandler", probe)]
    try:
        doc = desktop.loadComponentFromURL(input_url, "_blank", 0, tuple(props))
    except Exception:  # noqa: BLE001
        doc = None
    if doc is not None:
        doc.close(True)
    return probe.password_requests > 0


# LibreOffice's RTF tokenizer reads an INCLUDEPICTURE field's file itself
# (writerfilter rtfdocumentimpl.cxx: a raw-byte scan for exactly this ASCII
# word after \fldinst, then SvFileStream on the path, no referer check). The
# word can only come from raw bytes, so rewriting every occurrence (any case)
# leaves the field an unknown one that shows its cached result.
RTF_INCLUDE_PICTURE = re.compile(rb"(?i)includepicture")


def neutralise_rtf(input_url):
    """The URL of a copy of the RTF at `input_url` with INCLUDEPICTURE defused, or `input_url` if it has none."""
    path = uno.fileUrlToSystemPath(input_url)
    with open(path, "rb") as source:
        data = source.read()
    if RTF_INCLUDE_PICTURE.search(data) is None:
        return input_url
    stem, ext = os.path.splitext(path)
    safe = stem + "-fields" + ext
    with open(safe, "wb") as target:
        target.write(RTF_INCLUDE_PICTURE.sub(lambda m: b"X" + m.group(0)[1:], data))
    return uno.systemPathToFileUrl(safe)


def convert(pipe, input_url, output_url, kind, output_format):
    password = sys.stdin.read()
    if kind == "rtf":
        input_url = neutralise_rtf(input_url)
    try:
        ctx = connect(pipe, 5)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    except Exception as error:  # noqa: BLE001
        print("no connection: %s" % error, file=sys.stderr)
        return EXIT_NO_CONNECTION

    handler = AbortingHandler()
    load = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", NEVER_EXECUTE),
        prop("UpdateDocMode", NO_UPDATE),
        prop("InteractionHandler", handler),
        prop("RepairPackage", False),
    ]
    if kind == "txt":
        # Plain text has no signature: name the filter and the encoding (sniffing proved UTF-8).
        load += [prop("FilterName", "Text (encoded)"), prop("FilterOptions", "UTF8,LF,,,")]
    if password:
        load.append(prop("Password", password))

    doc = None
    try:
        try:
            doc = desktop.loadComponentFromURL(input_url, "_blank", 0, tuple(load))
        except Exception as error:  # noqa: BLE001 - IOException, IllegalArgumentException …
            print("load failed: %s" % error, file=sys.stderr)
            doc = None
        if doc is None:
            if handler.password_requests > 0:
                return EXIT_INCORRECT_PASSWORD if password else EXIT_PASSWORD_REQUIRED
            if password and asks_for_password(desktop, input_url, load):
                # Some filters (Word 97) fail on a wrong password without asking for another.
                return EXIT_INCORRECT_PASSWORD
            return EXIT_LOAD_FAILED
        if output_format == "odt":
            export_filter = "writer8" if doc.supportsService("com.sun.star.text.GenericTextDocument") else None
        else:
            export_filter = next((f for service, f in PDF_FILTERS if doc.supportsService(service)), None)
        if export_filter is None:
            print("no %s export for this document type" % output_format, file=sys.stderr)
            return EXIT_LOAD_FAILED
        try:
            doc.storeToURL(output_url, (prop("FilterName", export_filter), prop("Overwrite", True)))
        except Exception as error:  # noqa: BLE001
            print("export failed: %s" % error, file=sys.stderr)
            return EXIT_EXPORT_FAILED
        print(export_filter)
        return EXIT_OK
    finally:
        if doc is not None:
            try:
                doc.close(True)
            except Exception:  # noqa: BLE001 - the instance is recycled anyway
                pass


def main(argv):
    if len(argv) == 4 and argv[1] == "ping":
        return ping(argv[2], argv[3])
    if len(argv) == 7 and argv[1] == "convert" and argv[6] in ("pdf", "odt"):
        return convert(argv[2], argv[3], argv[4], argv[5], argv[6])
    print(__doc__ or "usage: ping PIPE WAIT | convert PIPE IN OUT KIND", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    code = main(sys.argv)
    sys.stdout.flush()
    sys.stderr.flush()
    # Skip interpreter teardown: pyuno can crash while unloading its bridge.
    os._exit(code)
