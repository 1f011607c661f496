"""Names folded as `NameKey.fold` (Sources/Forecast/Catalog/NameKey.swift) folds them: the form
in which the generators write a table's lookup keys, so that the command folds only what it is
given. The two must agree; CatalogTests checks every key of the catalog's and the
municipalities' tables against NameKey.fold."""


def hiragana(kana):
    return "".join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in kana)


PLAIN = {"ā": "a", "ē": "e", "ī": "i", "ō": "o", "ū": "u", "â": "a", "ê": "e", "î": "i", "ô": "o", "û": "u"}
DROPPED = set(" \u3000-\u2010\u2212ー・'’.")
O_ROW = set("おこごそぞとどのほぼぽもよょろをぉ")
U_ROW = set("うくぐすずつづぬふぶぷむゆゅるぅ")

def fold(text):
    text = "".join(chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else c for c in text)  # full-width ASCII
    text = "".join(PLAIN.get(c, c) for c in text.lower() if c not in DROPPED)
    text = hiragana(text)
    for long, short in (("ou", "o"), ("oo", "o"), ("uu", "u"), ("mb", "nb"), ("mp", "np")):
        while long in text:
            text = text.replace(long, short)
    out = ""
    for c in text:
        if out and ((c == "う" and (out[-1] in O_ROW or out[-1] in U_ROW)) or (c == "お" and out[-1] in O_ROW)):
            continue
        out += c
    return out

def keys(*forms):
    found = []
    for form in forms:
        key = fold(form)
        if key and key not in found:
            found.append(key)
    return found
