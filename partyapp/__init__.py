"""partyapp: party card games on one TV and everybody's phone.

Kept free of imports so that ``partyapp serve`` can patch the standard
library for gevent before Flask and Socket.IO are loaded.
"""

__version__ = "0.1.0"


def create_app(*args, **kwargs):
    from partyapp.app import create_app as factory

    return factory(*args, **kwargs)
