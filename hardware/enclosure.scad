// Topper Table hub: the box at the centre of the card table.
//
// A flat octagonal (or round) hub. The NeoPixel ring glows through a thin skin of the
// lid, the OLED looks out of a window inside the ring, the card pad is a shallow
// circle on the lid with the PN532 antenna right under it, and each seat gets either a
// jack on the rim (seat buttons on cables, the default: players keep their own button
// in reach) or a 30 mm arcade button on the lid. Print the lid upside down, in white or
// natural PLA so the ring shows through.
//
//   openscad -o lid.stl -D 'part="lid"' hardware/enclosure.scad
//   openscad -o base.stl -D 'part="base"' hardware/enclosure.scad
//   hardware/render_enclosure.sh     (the preview PNG)
//
// All sizes in mm. Part sizes below are nominal: measure your boards before printing.

/* [Layout] */
seats = 8;                // seats wired, 2..8
buttons_on_rim = false;   // true: seat buttons on the lid; false: a jack per seat on the rim
sides = 8;                // 8 = octagon; 0 = round
across = 240;             // across the flats (octagon) or diameter (round)
height = 42;              // outside height, lid top to table
wall = 2.4;
lid = 3.0;                // lid thickness
skin = 0.6;               // lid left above the ring and the card pad (light / RF through)
part = "assembly";        // "assembly", "lid", "base"

/* [Parts] */
ring_od = 66;             // Adafruit NeoPixel Ring 24 (#1586)
ring_id = 52.5;
ring_y = 42;              // ring centre, towards the far edge
oled_window = [31, 16];   // visible area of the 1.3" OLED, plus a margin
oled_board = [36, 34];    // module outline, pocketed under the lid
pad_d = 60;               // card pad circle: tap a card here
pad_y = -48;
pn532_board = [43, 54];   // antenna end of the PN532 breakout, pocketed under the pad
button_hole = 30;         // 30 mm arcade buttons (Sanwa OBSF-30 style)
table_button_hole = 24;   // table button, on the lid between the ring and the pad
jack_hole = 6.2;          // 3.5 mm panel jack (M6 thread)
usb_slot = [12, 8];       // micro-USB plug body
pico_holes = [11.4, 47];  // Raspberry Pi Pico mounting holes, 2.1 mm
screw_d = 3.2;            // M3 through the base into bosses

$fn = 64;
boss_angles = [22.5, 112.5, 202.5, 292.5];
inradius = across / 2;
corner_r = sides > 0 ? inradius / cos(180 / sides) : inradius;

module outline(r) {
    // The octagon sits with a flat towards every seat.
    if (sides > 0) rotate(180 / sides) circle(r = r / cos(180 / sides), $fn = sides);
    else circle(r = r);
}

// Seat i (0 = P1) sits at the flat facing the player; P1 at the near side (-y),
// numbering clockwise seen from above.
function seat_angle(i) = -90 - i * 360 / max(seats, 1);

module shell() {
    difference() {
        linear_extrude(height) outline(inradius);
        translate([0, 0, -0.01]) linear_extrude(height - lid + 0.01) outline(inradius - wall);
    }
    // Bosses for the base screws, towards the corners: the flats carry the seat jacks.
    for (a = boss_angles) rotate(a) translate([inradius - 14, 0, 0])
        difference() {
            cylinder(d = 9, h = height - lid);
            translate([0, 0, -0.01]) cylinder(d = 2.6, h = height - lid - 4);
        }
}

module lid_cuts() {
    top = height - lid;
    // Ring: pocket from below, leaving `skin` so the light diffuses through the lid.
    translate([0, ring_y, top - 0.01]) difference() {
        cylinder(d = ring_od + 1.5, h = lid - skin + 0.01);
        translate([0, 0, -0.01]) cylinder(d = ring_id - 1.5, h = lid);
    }
    // OLED: window through the lid inside the ring, module pocket below it.
    translate([0, ring_y, top - 0.01]) {
        translate([-oled_window[0] / 2, -oled_window[1] / 2, 0]) cube([oled_window[0], oled_window[1], lid + 1]);
        translate([-oled_board[0] / 2, -oled_board[1] / 2, 0]) cube([oled_board[0], oled_board[1], lid - 1.2]);
    }
    // Card pad: a shallow circle on top, the PN532 antenna pocketed close under it.
    translate([0, pad_y, height - 0.8]) cylinder(d = pad_d, h = 1);
    translate([-pn532_board[0] / 2, pad_y - pn532_board[1] / 2, top - 0.01])
        cube([pn532_board[0], pn532_board[1], lid - 0.8 - 1.2]);
    // Table button between the ring and the pad, off to one side.
    translate([ring_od / 2 + 22, (ring_y + pad_y) / 2, top - 1]) cylinder(d = table_button_hole, h = lid + 2);
    // Seat buttons on the lid, near the rim.
    if (buttons_on_rim)
        for (i = [0 : seats - 1]) rotate(seat_angle(i)) translate([inradius - button_hole / 2 - 10, 0, top - 1])
            cylinder(d = button_hole, h = lid + 2);
}

module rim_cuts() {
    // Jacks for seat buttons on cables, one per flat, at mid height.
    if (!buttons_on_rim)
        for (i = [0 : seats - 1]) rotate(seat_angle(i)) translate([inradius - wall - 1, 0, height / 2 - 4])
            rotate([0, 90, 0]) cylinder(d = jack_hole, h = wall + 2);
    // USB cable exit at the far side, just above the base.
    rotate(90) translate([inradius - wall - 1, -usb_slot[0] / 2, 3])
        cube([wall + 2, usb_slot[0], usb_slot[1]]);
}

module seat_labels() {
    // "P1".."P8" raised on the lid beside each seat's flat.
    for (i = [0 : seats - 1]) rotate(seat_angle(i))
        translate([inradius - (buttons_on_rim ? 5 : 10), 0, height - 0.01])
            rotate(90) linear_extrude(0.6)  // reads upright from that seat
                text(str("P", i + 1), size = buttons_on_rim ? 5 : 6, halign = "center", valign = "center");
}

module lid_part() {
    difference() {
        shell();
        lid_cuts();
        rim_cuts();
    }
    seat_labels();
}

module base_part() {
    difference() {
        linear_extrude(2.4) outline(inradius - wall - 0.4);
        for (a = boss_angles) rotate(a) translate([inradius - 14, 0, -0.01]) {
            cylinder(d = screw_d, h = 3);
            cylinder(d = 6.2, h = 1.2);  // screw head recess
        }
    }
    // Standoffs for the Pico, near the USB exit.
    translate([0, inradius - 45, 0])
        for (x = [-pico_holes[0] / 2, pico_holes[0] / 2], y = [-pico_holes[1] / 2, pico_holes[1] / 2])
            translate([x, y, 0]) difference() {
                cylinder(d = 5, h = 7);
                cylinder(d = 1.9, h = 8);
            }
}

module parts_preview() {
    // Boards in place, for the picture only.
    color("DimGray") translate([0, ring_y, height - lid - 1.6]) difference() {
        cylinder(d = ring_od, h = 1.6);
        translate([0, 0, -1]) cylinder(d = ring_id, h = 4);
    }
    for (i = [0 : 23]) color(i % 3 == 0 ? "Red" : i % 3 == 1 ? "Lime" : "DeepSkyBlue")
        translate([0, ring_y, 0]) rotate(i * 15) translate([(ring_od + ring_id) / 4, 0, 0])
            translate([0, 0, height + 0.1]) cube([5, 5, 0.2], center = true);  // glow on top
    color("Black") translate([-oled_window[0] / 2, ring_y - oled_window[1] / 2, height - 0.5])
        cube([oled_window[0], oled_window[1], 0.4]);
    if (buttons_on_rim)
        for (i = [0 : seats - 1]) rotate(seat_angle(i)) translate([inradius - button_hole / 2 - 10, 0, height])
            color("Gold") cylinder(d = button_hole + 3, h = 6);
    color("OrangeRed") translate([ring_od / 2 + 22, (ring_y + pad_y) / 2, height]) cylinder(d = table_button_hole + 3, h = 5);
}

if (part == "lid") rotate([180, 0, 0]) lid_part();
else if (part == "base") base_part();
else {
    color("WhiteSmoke") lid_part();
    color("SlateGray") base_part();
    parts_preview();
}
