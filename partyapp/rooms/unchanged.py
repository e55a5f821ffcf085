"""What a change of a room returns when it changed nothing: ``Room.change``
then neither bumps ``rev`` nor saves, and nobody is sent a frame."""

UNCHANGED = object()
