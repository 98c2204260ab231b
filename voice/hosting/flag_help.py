"""Help texts of the set-up flags, shared by the CLI parser and the set-up errors.

Kept in a module with no imports so building the CLI parser stays cheap.
"""

PLAYERS_HELP = 'names and levels, e.g. "Ana:2,Ben:4": 2 to 6 players, levels 1 to 5'
TEAMS_HELP = 'two teams, e.g. "Red:Ana,Ben;Blue:Cy,Di"'
VARIANT_HELP = 'settings as key=value, e.g. "tokens=1,dice=physical"'
