"""The rules of BANG! and Showdown tournaments, in pure Python.

Nothing here touches the database or HTTP: functions take and return plain
dataclasses, so that the rules can be tested in milliseconds and with
hypothesis. Translatable messages use Django's lazy gettext, which needs no
database.
"""
