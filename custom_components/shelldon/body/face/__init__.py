"""The pet's face: the keeper (which face is on the panel, and when it changes), the portrait
(a face's look drawn with Pillow at the panel's size) and the pen it draws with. Which face a
mood selects is pure policy, in `core/faces`.
"""
