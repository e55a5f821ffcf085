"""Words: the gettext catalogues (English and Russian) shipped inside the
package, the language of each page and connection, the server's sentences
worded in it, and the catalogues' tooling (``python -m partyapp.i18n.catalogue``).

May import ``partyapp.games`` (the message ids engines log and the options
they declare); nothing in ``partyapp.games`` imports it.
"""
