"""The live table page for the phones at the table: a small read-only web server.

Imports aiohttp; the command line loads it only for ``display --serve``.
"""
