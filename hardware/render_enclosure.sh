#!/bin/sh
# Render the enclosure pictures in hardware/ from enclosure.scad.
# Needs Debian's openscad and, without a display, xvfb: apt-get install openscad xvfb xauth
set -e
cd "$(dirname "$0")"

scad() {
    if [ -n "$DISPLAY" ]; then
        openscad "$@"
    else
        xvfb-run -a -s "-screen 0 1400x1000x24" openscad "$@"
    fi
}

view="--imgsize=1400,1000 --colorscheme=Tomorrow --projection=p --camera=0,0,0,50,0,20,700 --viewall --autocenter"
# shellcheck disable=SC2086 # $view is a list of options
scad -o enclosure.png $view enclosure.scad
# shellcheck disable=SC2086
scad -o enclosure-rim-buttons.png $view -D buttons_on_rim=true enclosure.scad
