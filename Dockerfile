# hierarchy in a container: a Swift image builds the release with scripts/release.sh, and a slim
# Debian image installs its .deb, whose dependencies bring the libraries and the fonts.
#
#   docker build -t hierarchy .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/w" hierarchy render /w/dump.xml -o /w/dump.png
#
# (Not built by CI: the machine that runs .ci/run has no container engine. Every command below is
# one that CI runs: scripts/install-prerequisites.sh's packages, scripts/release.sh, apt-get
# install of the .deb it makes; see docs/ci.md.)

FROM swift:6.3-bookworm AS build
# What scripts/release.sh needs besides Swift: the -dev packages it links, dpkg-dev, git.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      libpng-dev zlib1g-dev pkg-config libfreetype-dev libharfbuzz-dev libfontconfig-dev dpkg-dev binutils git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The repository with its .git: the script stamps the commit (or the tag) into the binary.
COPY . .
RUN scripts/release.sh /release

FROM debian:bookworm-slim
COPY --from=build /release/*.deb /tmp/
# apt resolves the package's Depends: libpng, zlib, FreeType, HarfBuzz, fontconfig and the fonts.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/hierarchy_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/*.deb \
 && hierarchy --version
WORKDIR /w
ENTRYPOINT ["hierarchy"]
CMD ["--help"]
