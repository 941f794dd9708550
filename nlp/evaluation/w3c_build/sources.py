"""The minutes repositories the W3C data sets are built from: where, which files, which licence.

Every source is pinned to a commit, so a rebuild reads the same files. A group can span
repositories (the Credentials CG moved its archive in 2020); the record's ``group`` names the
group, ``source_repo`` the repository.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Split = Literal["dev", "unseen"]
Format = Literal["scrawl-html", "scribe-perl-html", "scribed-md"]

W3C_LICENSE = "W3C Software and Document License"
"""Permits copying, modifying and distributing with notice (https://www.w3.org/copyright/software-license-2023/)."""


@dataclass(frozen=True)
class Source:
    """One repository of minutes and how to read it.

    Attributes:
        repo: ``owner/name`` on GitHub.
        commit: The commit read.
        group: The group whose minutes these are.
        split: ``dev`` (development) or ``unseen`` (kept aside, scored once).
        format: Which reader reads its files.
        include: Paths (regular expression, full match) that are minutes files.
        license: The licence, as named in the repository's licence file.
        license_files: That file (copied verbatim next to the data).
        secondary: Paths (full match) read only for dates no other file of the source covers:
            a second copy of the same minutes (the TAG's raw etherpad notes).
        skip: Path → why it is left out (the same meeting already in the shared data).
    """

    repo: str
    commit: str
    group: str
    split: Split
    format: Format
    include: str
    license: str
    license_files: tuple[str, ...]
    secondary: str | None = None
    skip: Mapping[str, str] = field(default_factory=dict)

    def wanted(self, path: str) -> bool:
        """Whether ``path`` is a minutes file of this source (and not skipped)."""
        return path not in self.skip and bool(re.fullmatch(self.include, path))

    def is_secondary(self, path: str) -> bool:
        """Whether ``path`` is a second copy, kept only where no primary file has its date."""
        return self.secondary is not None and bool(re.fullmatch(self.secondary, path))

    @property
    def mirror_name(self) -> str:
        """The directory name a mirror of the repository has (``owner+name``)."""
        return self.repo.replace("/", "+")


SOURCES: tuple[Source, ...] = (
    Source(
        repo="json-ld/minutes",
        commit="9cd2a80da98af2a41aa1c48fa6472e25cdb7673f",
        group="W3C JSON-LD Community Group",
        split="dev",
        format="scrawl-html",
        include=r"(?:pre-wg/)?\d{4}-\d{2}-\d{2}[^/]*/index\.html",
        license="BSD 3-Clause License (LICENSE in the repo)",
        license_files=("LICENSE",),
        skip={"2023-12-13/index.html": "the same joint call as w3c/json-ld-wg _minutes/2023-12-13 in the shared data"},
    ),
    Source(
        repo="w3c-ccg/201x-meeting-archives",
        commit="a1c0a9b49e06990e8b512d58577424febe45fe7e",
        group="W3C Credentials Community Group",
        split="dev",
        format="scrawl-html",
        include=r"\d{4}-\d{2}-\d{2}[^/]*/index\.html",
        license=f"{W3C_LICENSE} (LICENSE.md in the repo)",
        license_files=("LICENSE.md",),
    ),
    Source(
        repo="w3c-ccg/meetings",
        commit="67ffc7007af48f665906ec3702aadcf9bb4e3210",
        group="W3C Credentials Community Group",
        split="dev",
        format="scrawl-html",
        include=r"\d{4}-\d{2}-\d{2}[^/]*/index\.html",
        license=f"{W3C_LICENSE} (LICENSE.md in the repo)",
        license_files=("LICENSE.md",),
    ),
    Source(
        repo="w3c/rdf-star",
        commit="59eb0293b2b620023ee38252228c725769ad206f",
        group="W3C RDF-star Community Group",
        split="dev",
        format="scribe-perl-html",
        include=r"Minutes/\d{4}-\d{2}-\d{2}[^/]*\.html",
        license=f"{W3C_LICENSE} (LICENSE.md in the repo)",
        license_files=("LICENSE.md",),
    ),
    Source(
        repo="w3c/dpv",
        commit="f01a55c3c0983e35cdfdf80593ece3353faba7b8",
        group="W3C Data Privacy Vocabularies and Controls Community Group",
        split="dev",
        format="scribe-perl-html",
        include=r"meetings/meeting-\d{4}-\d{2}-\d{2}[^/]*\.html",
        license=f"{W3C_LICENSE} (LICENSE.md in the repo)",
        license_files=("LICENSE.md",),
    ),
    Source(
        repo="w3ctag/meetings",
        commit="4a372d4e4e422b7854b6ed2b93c9f49012a59828",
        group="W3C Technical Architecture Group (TAG)",
        split="unseen",
        format="scribed-md",
        include=r"(?:20\d\d/[^/]+/[^/]*minutes[^/]*\.md|raw-minutes/\d{4}-\d{2}-\d{2}-minutes\.md)",
        license="CC0 1.0 Universal (LICENCE in the repo)",
        license_files=("LICENCE",),
        secondary=r"raw-minutes/.*",
    ),
    Source(
        repo="browserext/browserext.github.io",
        commit="2c05e5fe8fe87c143009b3396a01ff615cbf741d",
        group="W3C Browser Extension Community Group",
        split="unseen",
        format="scribe-perl-html",
        include=r"_minutes/\d{4}-\d{2}-\d{2}[^/]*\.html",
        license=f"{W3C_LICENSE} (license.md in the repo)",
        license_files=("license.md",),
    ),
)
"""Not used, and why: ``w3c/vc-wg`` (W3C Document License: no modified copies); every W3C
publishing-related group (held out by the project); the shared three; groups whose committed
minutes carry too few resolutions (w3c-ccg task forces alone, Web Payments CG, Credible Web CG,
webappsec, Solid CG) or no licence (Web Payments CG, Verifiable Claims TF)."""
