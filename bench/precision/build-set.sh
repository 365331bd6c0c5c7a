#!/bin/sh
# Rebuilds the third-party evaluation set of issue 19 in $EVAL (default /work/eval).
# Nothing here is written by the project: Debian packages (unpacked), the Go tree,
# /usr/share/doc and man (decompressed), the RFC archive and the XRI corpus.
# Usage: bench/precision/build-set.sh [EVAL_DIR]   (needs apt-get, dpkg-deb, zstd, go)
set -eu
EVAL=${1:-/work/eval}
HERE=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED:-$HERE/../../../shared}
mkdir -p "$EVAL/debs" "$EVAL/deb" "$EVAL/rfc" "$EVAL/doc" "$EVAL/man"

# Debian packages of SAML/XMPP/UPnP/OpenID software and XML schemas; a name the
# archive does not have is skipped (the list is what existed when the set was built).
PKGS="libxmlsec1 xmlsec1 libxmlsec1-dev prosody libxml2-utils xml-core docbook-xml
docbook-xsl w3c-sgml-lib sgml-data python3-saml python3-pysaml2 python3-xmlsec
libsaml-dev libsaml13 libxmltooling-dev opensaml-schemas xmltooling-schemas
libshibsp-dev shibboleth-sp-common libgupnp-1.6-dev libgupnp-1.6-0 libgupnp-av-1.0-dev
libupnp-dev libupnp17t64 libupnp13 gupnp-tools python3-openid libnet-openid-consumer-perl
libnet-openid-common-perl libnet-openid-server-perl python3-slixmpp python3-nbxmpp
libstrophe-dev profanity ejabberd python3-aioxmpp libgloox-dev python3-lxml
minidlna rygel libxml-security-java python3-onelogin-saml2 php-saml libapache2-mod-auth-mellon
liblasso3 python3-lasso libjs-jquery libwww-perl xsltproc"
if [ "${SKIP_APT:-}" = "" ]; then
	apt-get update -qq || true
fi
cd "$EVAL/debs"
for p in $PKGS; do
	ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download -qq "$p" 2>/dev/null || echo "no package $p" >&2
done
for d in "$EVAL"/debs/*.deb; do
	n=$(basename "$d" .deb)
	[ -d "$EVAL/deb/$n" ] || dpkg-deb -x "$d" "$EVAL/deb/$n"
done

# The RFC archive and the XRI corpus.
[ -f "$EVAL/rfc/.done" ] || { zstd -dc "$SHARED/corpora/rfc/rfcs.tar.zst" | tar -x -C "$EVAL/rfc" && touch "$EVAL/rfc/.done"; }
ln -sfn "$(cd "$SHARED/corpora/xri" && pwd)" "$EVAL/xri"
# The Go tree (a symlink: the scan follows it with --follow-symlinks).
ln -sfn "$(go env GOROOT)/src" "$EVAL/gosrc"

# /usr/share/doc and man, decompressed (idlint reads .gz itself, the regex does not).
if [ ! -f "$EVAL/doc/.done" ]; then
	(cd /usr/share/doc && find . -type f) | while read -r f; do
		mkdir -p "$EVAL/doc/$(dirname "$f")"
		case $f in
		*.gz) zcat "/usr/share/doc/$f" >"$EVAL/doc/${f%.gz}" 2>/dev/null || true ;;
		*) cp "/usr/share/doc/$f" "$EVAL/doc/$f" 2>/dev/null || true ;;
		esac
	done
	touch "$EVAL/doc/.done"
fi
if [ ! -f "$EVAL/man/.done" ]; then
	# English sections only; one sh per batch of pages (a process per page is slow).
	(cd /usr/share/man && find . -maxdepth 2 -path './man[1-9]*/*.gz' -type f) |
		xargs -n 500 sh -c 'for f; do d=$0/${f%.gz}; mkdir -p "${d%/*}"; zcat "/usr/share/man/$f" >"$d" 2>/dev/null; done' "$EVAL/man"
	touch "$EVAL/man/.done"
fi
# Compressed files inside the unpacked packages, decompressed beside them, for the regex.
find "$EVAL/deb" -type f -name '*.gz' | while read -r f; do
	[ -f "${f%.gz}" ] || zcat "$f" >"${f%.gz}" 2>/dev/null || rm -f "${f%.gz}"
	rm -f "$f"
done
du -sh "$EVAL"/* 2>/dev/null
