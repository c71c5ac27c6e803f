"""The Discord side and the command line: the only package that imports discord.py."""
