"""Where the demo's home is: this machine's time zone, and what onboarding would make of it.

Home Assistant's onboarding asks the browser for its time zone, guesses the country, lets the
owner pin the home on a map, and takes the units and currency from the country. The demo has no
browser and no owner at that moment, so it asks this machine instead: the time zone from `TZ`,
`/etc/localtime` or `/etc/timezone` (scripts/run passes the host's own into its Debian root), and
the country and the home's place from the time zone database's `zone.tab` (the zone's principal
city). Only a machine that names no zone, or a zone of no country (UTC), gets UTC at Greenwich.
"""

from __future__ import annotations

import contextlib
import os
import zoneinfo
from pathlib import Path
from typing import Any

FALLBACK_ZONE = "UTC"
# Where UTC is measured from: the home of a machine whose zone names no country.
GREENWICH = ("GB", 51.4779, -0.0015)
LOCATION_NAME = "Shelldon demo"
# As the frontend's onboarding chooses them (src/panels/onboarding/onboarding-core-config.ts):
# US customary units in three countries, metric elsewhere; the currency of the country.
US_CUSTOMARY = ("US", "MM", "LR")
# ISO 3166 country -> ISO 4217 currency, the table the frontend's onboarding uses (EUR otherwise).
_CURRENCIES = """
ADEUR AEAED AFAFN AGXCD AIXCD ALALL AMAMD AOAOA ARARS ASUSD ATEUR AUAUD AWAWG AXEUR AZAZN BABAM
BBBBD BDBDT BEEUR BFXOF BGBGN BHBHD BIBIF BJXOF BLEUR BMBMD BNBND BOBOB BQUSD BRBRL BSBSD BTBTN
BVNOK BWBWP BYBYN BZBZD CACAD CCAUD CDCDF CFXAF CGXAF CHCHF CIXOF CKNZD CLCLP CMXAF CNCNY COCOP
CRCRC CUCUP CVCVE CWANG CXAUD CYEUR CZCZK DEEUR DJDJF DKDKK DMXCD DODOP DZDZD ECUSD EEEUR EGEGP
EHMAD ERERN ESEUR ETETB FIEUR FJFJD FKFKP FMUSD FODKK FREUR GAXAF GBGBP GDXCD GEGEL GFEUR GGGBP
GHGHS GIGIP GLDKK GMGMD GNGNF GPEUR GQXAF GREUR GSGBP GTGTQ GUUSD GWXOF GYGYD HKHKD HMAUD HNHNL
HREUR HTHTG HUHUF IDIDR IEEUR ILILS IMGBP ININR IOUSD IQIQD IRIRR ISISK ITEUR JEGBP JMJMD JOJOD
JPJPY KEKES KGKGS KHKHR KIAUD KMKMF KNXCD KPKPW KRKRW KWKWD KYKYD KZKZT LALAK LBLBP LCXCD LICHF
LKLKR LRLRD LSLSL LTEUR LUEUR LVEUR LYLYD MAMAD MCEUR MDMDL MEEUR MFEUR MGMGA MHUSD MKMKD MLXOF
MMMMK MNMNT MOMOP MPUSD MQEUR MRMRU MSXCD MTEUR MUMUR MVMVR MWMWK MXMXN MYMYR MZMZN NANAD NCXPF
NEXOF NFAUD NGNGN NINIO NLEUR NONOK NPNPR NRAUD NUNZD NZNZD OMOMR PAPAB PEPEN PFXPF PGPGK PHPHP
PKPKR PLPLN PMEUR PNNZD PRUSD PSILS PTEUR PWUSD PYPYG QAQAR REEUR RORON RSRSD RURUB RWRWF SASAR
SBSBD SCSCR SDSDG SESEK SGSGD SHSHP SIEUR SJNOK SKEUR SLSLL SMEUR SNXOF SOSOS SRSRD SSSSP STSTD
SVUSD SXANG SYSYP SZSZL TCUSD TDXAF TFEUR TGXOF THTHB TJTJS TKNZD TLUSD TMTMT TNTND TOTOP TRTRY
TTTTD TVAUD TWTWD TZTZS UAUAH UGUGX UMUSD USUSD UYUYU UZUZS VAEUR VCXCD VEVED VGUSD VIUSD VNVND
VUVUV WFXPF WSWST XKEUR YEYER YTEUR ZAZAR ZMZMW ZWZWL
"""
CURRENCIES = {pair[:2]: pair[2:] for pair in _CURRENCIES.split()}


def _valid_zone(name: str) -> str | None:
    name = name.strip().lstrip(":")
    if not name or name.startswith(("/", ".")) or "," in name:
        return None  # a path or a POSIX rule, not a zone's name
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        return None
    return name


def local_time_zone() -> str | None:
    """This machine's IANA time zone name, if it can be told (so quiet hours mean local time)."""
    candidates = [os.environ.get("TZ", "")]
    with contextlib.suppress(OSError):
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8"))
    for candidate in candidates:
        if name := _valid_zone(candidate):
            return name
    return None


def _zone_tab() -> str:
    """The time zone database's zone.tab (country, coordinates, zone), wherever it is."""
    places = [Path(p) / "zone.tab" for p in zoneinfo.TZPATH]
    with contextlib.suppress(ImportError, OSError, TypeError):
        import importlib.resources

        places.append(Path(str(importlib.resources.files("tzdata") / "zoneinfo" / "zone.tab")))
    for place in places:
        with contextlib.suppress(OSError):
            return place.read_text(encoding="utf-8")
    return ""


def _degrees(text: str, width: int) -> float:
    """ISO 6709 `±DDMM[SS]` (latitude, width 2) or `±DDDMM[SS]` (longitude, width 3)."""
    sign = -1 if text[0] == "-" else 1
    digits = text[1:]
    value = int(digits[:width]) + int(digits[width : width + 2]) / 60
    if len(digits) > width + 2:
        value += int(digits[width + 2 : width + 4]) / 3600
    return round(sign * value, 4)


def zone_place(time_zone: str) -> tuple[str, float, float] | None:
    """The country and the principal city's latitude and longitude of a zone, from zone.tab."""
    for line in _zone_tab().splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 3 or fields[2] != time_zone:
            continue
        coordinates = fields[1]
        split = max(coordinates.rfind("+"), coordinates.rfind("-"))
        return fields[0], _degrees(coordinates[:split], 2), _degrees(coordinates[split:], 3)
    return None


def home_settings(time_zone: str | None = None) -> dict[str, Any]:
    """Home Assistant's core settings for the demo (the keys `config/core/update` takes)."""
    zone = (time_zone and _valid_zone(time_zone)) or local_time_zone() or FALLBACK_ZONE
    country, latitude, longitude = zone_place(zone) or GREENWICH
    return {
        "location_name": LOCATION_NAME,
        "latitude": latitude,
        "longitude": longitude,
        "elevation": 0,
        "unit_system": "us_customary" if country in US_CUSTOMARY else "metric",
        "time_zone": zone,
        "currency": CURRENCIES.get(country, "EUR"),
        "country": country,
        "language": "en",
        "radius": 100,
    }
