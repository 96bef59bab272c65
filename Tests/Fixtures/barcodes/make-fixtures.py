#!/usr/bin/env python3
"""Draws the barcode fixtures of the POST /notify/v1/device/barcode tests (run once by hand; the
images are committed): a QR code and an EAN-13 code as PNG and JPEG, and a picture without any
code. Needs the Python packages Pillow, qrcode and python-barcode (`pip install qrcode
python-barcode pillow` into .venv); the tests themselves need none of them.

    .venv/bin/python Tests/Fixtures/barcodes/make-fixtures.py
"""
from pathlib import Path

import barcode
import qrcode
from barcode.writer import ImageWriter
from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
QR_TEXT = "https://xpedite.example/customers/C-1042?approve=credit-limit"
EAN13 = "4006381333931"


def main() -> None:
    qr = qrcode.QRCode(border=4, box_size=6)
    qr.add_data(QR_TEXT)
    qr.make(fit=True)
    picture = qr.make_image(fill_color="black", back_color="white").get_image().convert("L")
    picture.save(HERE / "qr.png")
    picture.convert("RGB").save(HERE / "qr.jpg", quality=85)

    ean = barcode.get("ean13", EAN13, writer=ImageWriter())
    drawn = ean.render({"module_width": 0.3, "module_height": 12, "quiet_zone": 6, "dpi": 150, "write_text": True})
    drawn.convert("L").save(HERE / "ean13.png")
    drawn.convert("RGB").save(HERE / "ean13.jpg", quality=85)

    # A picture with shapes and no code at all: the answer is an empty list.
    plain = Image.new("RGB", (240, 160), (235, 240, 250))
    draw = ImageDraw.Draw(plain)
    draw.ellipse((30, 30, 130, 130), fill=(200, 60, 60))
    draw.rectangle((140, 50, 220, 140), fill=(60, 120, 200))
    plain.save(HERE / "no-code.png")
    plain.save(HERE / "no-code.jpg", quality=85)


if __name__ == "__main__":
    main()
