"""Pure rules engines: no Discord, no Pillow, no I/O, no clock, no global random."""
