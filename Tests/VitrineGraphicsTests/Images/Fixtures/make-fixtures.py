#!/usr/bin/env python3
"""Writes the small PNG fixtures the PNG decoding tests read, byte by byte with zlib and
struct only (no imaging library), so the files are known independently of libpng.

Run from this directory: python3 make-fixtures.py. The pixel values are listed in PNGTests.swift.
"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, bit_depth, color_type, rows, extra=()):
    """rows: a list of byte strings, one per row, without the filter byte."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 (None) on every row
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    for kind, data in extra:
        out += chunk(kind, data)
    return out + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


# RGBA, 8 bits: opaque red, half-transparent green, transparent blue, quarter white.
write("rgba8.png", png(2, 2, 8, 6, [bytes([255, 0, 0, 255, 0, 255, 0, 128]),
                                    bytes([0, 0, 255, 0, 255, 255, 255, 64])]))
# RGB, 8 bits.
write("rgb8.png", png(2, 1, 8, 2, [bytes([10, 20, 30, 200, 100, 50])]))
# Palette, 2 bits a pixel: red, blue, green; tRNS makes blue half transparent (green has no
# entry, so it stays opaque). Indices 0 1 / 2 0, packed four to a byte, high bits first.
palette = bytes([255, 0, 0, 0, 0, 255, 0, 255, 0])
write("palette2.png", png(2, 2, 2, 3, [bytes([0b00_01_0000]), bytes([0b10_00_0000])],
                          extra=[(b"PLTE", palette), (b"tRNS", bytes([255, 128]))]))
# Grey, 8 bits.
write("grey8.png", png(4, 1, 8, 0, [bytes([0, 85, 170, 255])]))
# Grey, 1 bit: 1 0 1 1 0 0 0 1.
write("grey1.png", png(8, 1, 1, 0, [bytes([0b10110001])]))
# Grey with alpha, 8 bits.
write("grey-alpha8.png", png(2, 1, 8, 4, [bytes([100, 255, 200, 128])]))
# RGBA, 16 bits (big-endian samples).
write("rgba16.png", png(1, 2, 16, 6, [struct.pack(">4H", 0xFFFF, 0x8000, 0x0000, 0xFFFF),
                                      struct.pack(">4H", 0x1234, 0xABCD, 0x0101, 0x8080)]))
# A PNG whose IDAT checksum is wrong.
good = png(2, 1, 8, 2, [bytes([1, 2, 3, 4, 5, 6])])
at = good.index(b"IDAT")
length = struct.unpack(">I", good[at - 4:at])[0]
crc_at = at + 4 + length
write("bad-crc.png", good[:crc_at] + bytes([good[crc_at] ^ 0xFF]) + good[crc_at + 1:])
# Not a PNG at all.
write("not-a-png.png", b"GIF89a: this is not a PNG file\n")
