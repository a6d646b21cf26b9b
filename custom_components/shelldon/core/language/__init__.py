"""The pet's five languages: which one a message is in (`tags`), the words it says
(`words` and one table per language), how each language names a time (`when`, `grammars`)
and how it promises or asks to be reminded (`promising`, `reminding`). Nothing here imports
anything outside this package.
"""
