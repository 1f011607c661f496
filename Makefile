# forecast: build, test, install and package (GNU make).
#
#   make                    the release build README's install line uses: forecast alone, into .build/release
#   make mock               forecast-mock, the same way, for README's offline start (SwiftNIO: several minutes)
#   make bench              the benchmarks' executables (CurlHTTPBench, CurlHTTPSoak), the same way
#   make test               README's test command
#   sudo make install       into /usr/local (PREFIX=/usr, DESTDIR=/tmp/root as usual)
#   sudo make uninstall     removes exactly what install put there
#   make deb                forecast_<version>_<arch>.deb, the same files under /usr
#   make check-man          the man page renders without a warning and keeps its Japanese
#   make docs               the DocC archives of CurlHTTP and Forecast (swift-docc-plugin)
#   make check-docs         no documentation warning, and no public symbol without a doc comment
#
# What install lays out (below $(DESTDIR)$(PREFIX)):
#   bin/forecast                                  stripped
#   share/man/man1/forecast.1                     written from the binary's own help
#   share/bash-completion/completions/forecast
#   share/zsh/site-functions/_forecast
#   share/fish/vendor_completions.d/forecast.fish  (with PREFIX=/usr/local: /etc/fish/completions/forecast.fish)
# and not forecast-mock, a tool for tests and offline trials that runs from .build/release.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
# fish reads the vendor folder under /usr/share and ~/.local/share, but under /usr/local only when XDG_DATA_DIRS
# names it (Debian's fish 3.6 does not by default): a local install's completion goes to the local admin's folder
# that fish always reads.
ifeq ($(PREFIX),/usr/local)
FISHDIR = /etc/fish/completions
else
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
endif

SWIFT ?= swift
PYTHON ?= python3
STRIP ?= strip
INSTALL ?= install

# README's release build, without the $ORIGIN run path SwiftPM adds by default: the runtime is
# linked in statically, so /usr/bin/forecast must not look for libraries beside itself.
# pack-relative-relocs: the relative relocations as DT_RELR (glibc 2.36+), about 1 MB less RSS.
# -L Scripts/link: libstdc++ and GCC's unwinder linked in statically (see the linker scripts
# there), two shared libraries fewer for the loader to relocate at every start. forecast.order: the functions common
# runs execute, laid out together (Scripts/make-symbol-order.sh writes it), fewer pages touched. The metadata of a
# concrete type through an accessor rather than its mangled name: a third of a cache hit's instructions went to
# demangling at first use (ARCHITECTURE.md, Building). --no-export-dynamic: the driver exports every symbol of an
# executable, 3,360 that nothing looks up.
SWIFT_BUILD = $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -L$(CURDIR)/Scripts/link -Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/link/forecast.order -Xlinker --no-warn-symbol-ordering --disable-local-rpath

BINARY = .build/release/forecast
MOCK = .build/release/forecast-mock
STAGE = .build/install
SOURCES = Package.swift $(shell find Sources -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.modulemap')
# What the link reads besides the objects (SwiftPM does not relink when only these change).
LINK_INPUTS = $(wildcard Scripts/link/*)
STAGED = $(STAGE)/forecast $(STAGE)/forecast.1 $(STAGE)/forecast.bash $(STAGE)/_forecast $(STAGE)/forecast.fish

.PHONY: all mock bench swift-build test install uninstall deb man check-man docs check-docs clean

# What the install line builds: the command alone. The mock of README's offline start is a target of its own: it
# compiles SwiftNIO and BoringSSL, most of a fresh build's time, and install leaves it out. A bare `swift build`
# would link the benchmarks too, which no quick start needs.
all: $(BINARY)

# README's offline start runs it from where it is built, .build/release/forecast-mock.
mock: $(MOCK)

# The benchmarks' executables, built as the command is (Benchmarks/*.sh build their own copies
# in .build-bench, with the command and the mock).
bench:
	$(SWIFT_BUILD) --product CurlHTTPBench
	$(SWIFT_BUILD) --product CurlHTTPSoak

# The release build's command, for the benchmark scripts (Benchmarks/build-release.sh): one list of flags.
swift-build:
	@echo $(SWIFT_BUILD)

test:
	$(SWIFT) test

# Only the command, so that install does not wait for the mock server's SwiftNIO. swift build
# leaves an up-to-date binary untouched; the touch keeps make from asking again. The binary is
# removed first so that a changed link input (LINK_INPUTS) is linked in: SwiftPM relinks only
# for changed objects or a missing binary.
$(BINARY): $(SOURCES) $(LINK_INPUTS)
	@rm -f $@
	$(SWIFT_BUILD) --product forecast
	@touch $@

# The mock, the same way.
$(MOCK): $(SOURCES) $(LINK_INPUTS)
	@rm -f $@
	$(SWIFT_BUILD) --product forecast-mock
	@touch $@

# A binary linked by a plain `swift build -c release` carries RUNPATH $ORIGIN: link it again
# (a second or two) rather than install that.
$(STAGE)/forecast: $(BINARY)
	@mkdir -p $(STAGE)
	@if readelf -d $(BINARY) | grep -q 'R.*PATH'; then echo $(SWIFT_BUILD) --product forecast; \
		$(SWIFT_BUILD) --product forecast; fi
	$(STRIP) -o $@ $(BINARY)

$(STAGE)/forecast.1: $(BINARY) Scripts/make-manpage.py
	@mkdir -p $(STAGE)
	$(PYTHON) Scripts/make-manpage.py $(BINARY) > $@.tmp
	@mv $@.tmp $@

# bash sources a completion, never runs it: no #! line (Debian's lintian asks the same).
$(STAGE)/forecast.bash: $(BINARY)
	@mkdir -p $(STAGE)
	$(BINARY) --generate-completion-script bash | sed '1{/^#!/d}' > $@

$(STAGE)/_forecast: $(BINARY)
	@mkdir -p $(STAGE)
	$(BINARY) --generate-completion-script zsh > $@

$(STAGE)/forecast.fish: $(BINARY)
	@mkdir -p $(STAGE)
	$(BINARY) --generate-completion-script fish > $@

man: $(STAGE)/forecast.1

check-man: $(STAGE)/forecast.1
	Scripts/check-manpage.sh $(STAGE)/forecast.1

install: $(STAGED)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	$(INSTALL) -m 755 $(STAGE)/forecast $(DESTDIR)$(BINDIR)/forecast
	$(INSTALL) -m 644 $(STAGE)/forecast.1 $(DESTDIR)$(MANDIR)/forecast.1
	$(INSTALL) -m 644 $(STAGE)/forecast.bash $(DESTDIR)$(BASHDIR)/forecast
	$(INSTALL) -m 644 $(STAGE)/_forecast $(DESTDIR)$(ZSHDIR)/_forecast
	$(INSTALL) -m 644 $(STAGE)/forecast.fish $(DESTDIR)$(FISHDIR)/forecast.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/forecast $(DESTDIR)$(MANDIR)/forecast.1 $(DESTDIR)$(BASHDIR)/forecast \
		$(DESTDIR)$(ZSHDIR)/_forecast $(DESTDIR)$(FISHDIR)/forecast.fish

# The package: install into a staging root under /usr, then Scripts/make-deb.sh adds DEBIAN/
# (Depends from dpkg-shlibdeps), the copyright file and the changelog, and runs dpkg-deb.
deb: $(STAGED)
	rm -rf $(STAGE)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(STAGE)/deb/debian/forecast PREFIX=/usr
	Scripts/make-deb.sh $(STAGE)/deb .

docs:
	$(SWIFT) package generate-documentation --target CurlHTTP --target Forecast

check-docs:
	$(SWIFT) package generate-documentation --target CurlHTTP --target Forecast 2>&1 | tee $(STAGE).docs.log
	@! grep -q "warning:" $(STAGE).docs.log || { echo "check-docs: DocC warned (above)"; exit 1; }
	$(PYTHON) Scripts/check-docs.py

clean:
	rm -rf $(STAGE) forecast_*.deb
