#!/usr/bin/env bash
# Turns an installed tree into forecast_<version>_<arch>.deb; run by `make deb`.
# Usage: Scripts/make-deb.sh WORK OUTDIR
#   WORK/debian/forecast holds `make install PREFIX=/usr` (the layout dpkg-shlibdeps expects);
#   the package is written to OUTDIR.
# The version is the one the binary prints (CurlHTTP.version in the code); Depends comes from
# dpkg-shlibdeps, with the package that holds libcurl.so.4 (opened with dlopen) added.
set -euo pipefail
work=$1
outdir=$2
root=$work/debian/forecast
here=$(cd "$(dirname "$0")/.." && pwd)

version=$("$root/usr/bin/forecast" --version | awk '$1 == "forecast" { print $2 }')
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || { echo "make-deb: no version from forecast --version" >&2; exit 1; }
arch=$(dpkg --print-architecture)

# Debian policy: man pages and changelogs compressed (-n: no name or time stamp, reproducible).
gzip -9n "$root/usr/share/man/man1/forecast.1"
install -d "$root/usr/share/doc/forecast"
install -m 644 "$here/Packaging/copyright" "$root/usr/share/doc/forecast/copyright"
maintainer=${DEB_MAINTAINER:-forecast maintainers <maintainers@users.noreply.a-seed-4b5db9ed.example>}
# A native package's changelog.gz is read as a Debian changelog: one entry for this version,
# pointing to the project's own CHANGELOG.md, which goes beside it.
date=$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}")
printf 'forecast (%s) stable; urgency=medium\n\n  * Version %s; the changes are in changelog.md.gz.\n\n -- %s  %s\n' \
    "$version" "$version" "$maintainer" "$date" | gzip -9n > "$root/usr/share/doc/forecast/changelog.gz"
gzip -9n < "$here/CHANGELOG.md" > "$root/usr/share/doc/forecast/changelog.md.gz"
chmod 644 "$root/usr/share/doc/forecast/changelog.gz" "$root/usr/share/doc/forecast/changelog.md.gz"

# dpkg-shlibdeps reads the shared libraries the binary needs (NEEDED) and asks dpkg which
# package and version provides each, as debhelper's ${shlibs:Depends} does.
install -d "$work/debian" "$root/DEBIAN"
printf 'Source: forecast\n\nPackage: forecast\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O debian/forecast/usr/bin/forecast | sed -n 's/^shlibs:Depends=//p')
# A binary with packed relative relocations (DT_RELR, `make`'s pack-relative-relocs) needs the
# GLIBC_ABI_DT_RELR version, which glibc has from 2.36; Debian's libc6 symbols file does not
# list it, so dpkg-shlibdeps would ask for less.
if readelf -V "$root/usr/bin/forecast" | grep GLIBC_ABI_DT_RELR >/dev/null; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6 \(>= 2\.(3[0-5]|[0-2][0-9])\)/libc6 (>= 2.36)/')
fi
# libcurl is opened with dlopen on first use (Sources/CCurl/include/ccurl.h), so it is not a
# NEEDED entry that dpkg-shlibdeps would see: the package names it itself, as the package that
# holds libcurl.so.4 here (libcurl4 on Debian 12, libcurl4t64 on later releases) at the
# upstream version it was built and tested against.
ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
curl_library=$("$ldconfig" -p | awk '$1 == "libcurl.so.4" { print $NF }' | head -1 || true)
[[ -n $curl_library ]] || { echo "make-deb: libcurl.so.4 is not installed (ldconfig -p)" >&2; exit 1; }
curl_package=$(dpkg -S "$(readlink -f "$curl_library")" 2>/dev/null | head -1 | cut -d: -f1 || true)
[[ -n $curl_package ]] || { echo "make-deb: no package holds $curl_library (dpkg -S)" >&2; exit 1; }
curl_version=$(dpkg-query -W -f '${Version}' "$curl_package" 2>/dev/null | sed -E 's/^[0-9]+://; s/-[^-]*$//' || true)
[[ -n $curl_version ]] || { echo "make-deb: no version for $curl_package (dpkg-query)" >&2; exit 1; }
case ", $depends," in
    *", $curl_package "*|*", $curl_package,"*) ;;
    *) depends="$depends, $curl_package (>= $curl_version)" ;;
esac

installed_size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: forecast
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Homepage: https://weather.tsukumijima.net
Description: Japanese weather forecasts in the terminal
 forecast prints the forecasts of weather.tsukumijima.net (the free
 livedoor "Weather Hacks"-compatible API) for Japanese cities: a table on a
 terminal, tab-separated values, JSON or one line per city for scripts and
 status bars. Many cities can be fetched in parallel over one libcurl
 session, and answers are cached until the weather agency publishes again.
CONTROL
(cd "$root" && find usr -type f -printf '%P\n' | sort | sed 's|^|usr/|' | xargs md5sum > DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

package=$outdir/forecast_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
