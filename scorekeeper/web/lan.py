"""Which address phones on the same network reach this machine at.

Never 0.0.0.0: a page that names it cannot be opened from a phone, and binding
it would let in every network the machine is on, not only the table's.
"""

from __future__ import annotations

import ipaddress
import socket

#: Addresses in ranges that are never routed (RFC 5737): a UDP socket "connected"
#: to one sends nothing, but tells which interface the machine would send from.
_PROBES = ("10.255.255.255", "192.0.2.1", "198.51.100.1")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def lan_address() -> str | None:
    """This machine's IPv4 address on its network, or None when it has none."""
    for probe in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
                address = str(udp.getsockname()[0])
            except OSError:
                continue
        if _usable(address):
            return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if _usable(address):
            return address
    return None


def refused_address(address: str) -> bool:
    """An address the page must never be bound to or announced at (0.0.0.0, ::, junk)."""
    return not _usable(address)
