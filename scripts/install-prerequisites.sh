#!/usr/bin/env bash
# Everything the README's prerequisites name, in one command, on Debian or Ubuntu: the libraries
# with their headers, the fonts, the programs the tests use as oracles, and the tests' own Python.
# After it, `swift run hierarchy …` works and `swift test` runs every test with none skipped.
# Run by .ci/run; run it as root or with sudo at hand (it calls apt-get only for what is missing).
#
#   scripts/install-prerequisites.sh
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  # libpng and zlib (the fast PNG encoder deflates pieces of rows itself), found by pkg-config.
  libpng-dev zlib1g-dev pkg-config
  # Text on synthesized textures: FreeType, HarfBuzz, fontconfig, and fonts for Latin, Greek,
  # Cyrillic, Arabic, Hebrew (DejaVu), Thai, Devanagari, Tamil, Bengali (Noto), Chinese and
  # Japanese (Droid Sans Fallback), Korean (Noto Sans CJK) and emoji in colour (Noto Color Emoji).
  libfreetype-dev libharfbuzz-dev libfontconfig-dev
  fonts-dejavu-core fonts-droid-fallback fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  # The OCR measure of the shared dumps (DumpOCRTests) reads pictures back with tesseract.
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-tha tesseract-ocr-hin
  tesseract-ocr-tam tesseract-ocr-ben tesseract-ocr-ara tesseract-ocr-heb tesseract-ocr-chi-sim tesseract-ocr-chi-tra
  # The export tests import the exported scenes into Blender (its importer needs numpy).
  blender python3-numpy
  # find's XPath: libxml2 with its headers (CLibXML2, through pkg-config); lxml is the tests'
  # independent XPath engine (Tests/HierarchyFindTests/XPathOracleTests).
  libxml2-dev python3-lxml
  # The in-app capture's documents are checked against docs/view-hierarchy.schema.json.
  python3-jsonschema
  # The tests' own Python (below) is a virtual environment over Debian's Python.
  python3-venv
  # The HTML viewer's browser tests (Tests/HierarchyViewerTests/Browser) drive headless Chromium.
  chromium chromium-driver
  # The viewer's scripts (Sources/HierarchyViewer/Web/*.js) are checked with node.
  nodejs
  # scripts/release.sh links Foundation's networking (capture's WebDriver client) statically,
  # which needs libcurl's development library to link (the binary then needs libcurl4).
  libcurl4-openssl-dev
  # scripts/release.sh: dpkg-shlibdeps (dpkg-dev) names the .deb's libraries, strip (binutils);
  # its tests (Tests/RepositoryTests/Release*) parse the man pages with groff and the completions
  # with bash, zsh and fish.
  dpkg-dev binutils groff-base zsh fish
)
need=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "install-prerequisites: installing ${need[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The tests run their Python scripts with a Python of their own, whatever python3 comes first in
# PATH (a pyenv one has neither Debian's numpy nor jsonschema): a virtual environment over Debian's
# /usr/bin/python3 and its packages, in .build/test-python, where ExternalProcess.python finds it.
venv=.build/test-python
[ -x "$venv/bin/python3" ] || /usr/bin/python3 -m venv --system-site-packages "$venv"
# Selenium 4.27 speaks W3C WebDriver to Debian's chromium-driver; the tests never let it download a driver.
# The glTF exports are also read by trimesh and pygltflib (Tests/HierarchyExportTests/Readers).
# The docs' YAML blocks and .github/workflows are validated by check-jsonschema, whose built-in
# GitHub Actions and GitLab CI schemas are vendored in it (Tests/RepositoryTests/CIYAMLTests.swift).
"$venv/bin/python3" -m pip install -q --disable-pip-version-check "selenium==4.27.1" "trimesh==5.2.0" "pygltflib==1.16.5" \
  "check-jsonschema==0.39.0"
echo "install-prerequisites: done (Debian packages, and the tests' Python in $venv)"
