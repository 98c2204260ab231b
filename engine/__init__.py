"""Pure rules engines: standard library only, no I/O, no clock, no global random."""
