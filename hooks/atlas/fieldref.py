"""The contributor guide's field reference, generated from the JSON Schemas at build time.

Why generated: `atlas.schema.FILES` is the one description of the record format, so a table kept by
hand would drift from what the validator checks. Field descriptions live in the schema and stay in
English; everything around them (headings, intros, type names) is translated here. A missing
translation raises, as in labels.py: an English sentence on a Russian or Hindi page is a bug.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from atlas.errors import CODES
from atlas.schema import ARXIV, DATE, FILES, LANGUAGES, SLUG, URL

# The order a contributor meets the files in: questions first, reference lists last.
ORDER = ("questions", "readings", "sources", "companies", "evidence", "difficulties", "collections", "topics",
         "tracks", "types", "glossary")

FILE_PATHS = {
    "questions": "data/questions/<topic>.yml",
    "readings": "data/readings/*.yml",
    "sources": "data/sources/*.yml",
    "companies": "data/companies/<id>.yml",
    "difficulties": "data/difficulties.yml",
    "evidence": "data/evidence.yml",
    "collections": "data/collections/<id>.yml",
    "topics": "data/topics.yml",
    "tracks": "data/tracks.yml",
    "types": "data/types.yml",
    "glossary": "data/glossary.yml",
}

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "intro": "Generated from the JSON Schemas in `hooks/atlas/schemas/` each time the site is built, so it "
                 "always matches what the validator checks. `questions[].asked[].company` means the field "
                 "`company` of every entry of `asked` of every question. Field descriptions come from the "
                 "schema, in English.",
        "file": "File", "field": "Field", "type": "Type", "required": "Required", "description": "Description",
        "yes": "yes", "no": "no", "item": "—",
        "text": "text in en, ru, hi", "string": "string", "integer": "integer", "mapping": "mapping",
        "list_of": "list of {item}", "id": "id (slug)", "date": "date YYYY-MM-DD", "url": "URL",
        "arxiv": "arXiv id", "one_of": "one of: {values}", "pattern": "matching {pattern}",
        "min_chars": "at least {n} characters", "max_chars": "at most {n} characters",
        "min_items": "at least {n} entries", "unique": "no repeats", "range": "{min} to {max}",
        "codes_title": "Rule codes",
        "codes_intro": "The validator (`python -m atlas validate`, and every site build) reports each problem on one "
                       "line: `file:line: CODE [record] what is wrong. Fix: how to fix it`. The messages are in "
                       "English; the codes are stable, so you can search for them.",
        "code": "Code", "meaning": "Meaning",
        "title.questions": "Question files", "title.readings": "Readings", "title.sources": "Sources",
        "title.companies": "Companies", "title.evidence": "Evidence kinds", "title.collections": "Collections",
        "title.topics": "Topics", "title.tracks": "Tracks", "title.types": "Question types",
        "title.difficulties": "Difficulty levels",
        "about.questions": "One file per topic: the topic id, then its questions. Every text field needs en, ru "
                           "and hi.",
        "about.readings": "A YAML list of readings: arXiv papers, or repositories and posts by URL. Questions cite "
                          "them by id, whichever file the reading is in.",
        "about.sources": "Lists of the places where questions were asked or published, in any number of files. "
                         "Every question cites one; naming a company needs a source with a url, and its `kind` "
                         "limits the evidence marker (see Evidence kinds).",
        "about.companies": "One file per employer that `asked` entries may name; the id equals the file name.",
        "about.difficulties": "The levels a question's `difficulty` names: the seniority it separates.",
        "about.evidence": "How we know a question was asked at a company; the marker is shown after the "
                          "company's name.",
        "about.collections": "One published question list per file, in its original order and sections.",
        "about.topics": "The topics in reading order; each has its own question file.",
        "about.tracks": "The kinds of role a question prepares for.",
        "about.types": "What kind of answer the interviewer expects.",
        "title.glossary": "Glossary",
        "about.glossary": "The one vocabulary of the atlas: each term in three languages with a definition, and the "
                          "forms to avoid, which validation reports in Russian and Hindi text (E052).",
    },
    "ru": {
        "intro": "Справочник генерируется из JSON Schema в `hooks/atlas/schemas/` при каждой сборке сайта, поэтому "
                 "всегда совпадает с тем, что проверяет валидатор. Запись `questions[].asked[].company` означает "
                 "поле `company` в каждом элементе списка `asked` каждого вопроса. Описания полей взяты из схемы "
                 "и даны по-английски.",
        "file": "Файл", "field": "Поле", "type": "Тип", "required": "Обязательное", "description": "Описание",
        "yes": "да", "no": "нет", "item": "—",
        "text": "текст на en, ru, hi", "string": "строка", "integer": "целое число", "mapping": "mapping (словарь)",
        "list_of": "список: {item}", "id": "id (slug)", "date": "дата YYYY-MM-DD", "url": "URL",
        "arxiv": "arXiv id", "one_of": "одно из: {values}", "pattern": "по шаблону {pattern}",
        "min_chars": "не короче {n} символов", "max_chars": "не длиннее {n} символов",
        "min_items": "элементов не меньше {n}", "unique": "без повторов", "range": "от {min} до {max}",
        "codes_title": "Коды правил",
        "codes_intro": "Валидатор (`python -m atlas validate`, а также каждая сборка сайта) сообщает о каждой "
                       "проблеме одной строкой: `файл:строка: КОД [запись] что не так. Fix: как исправить`. "
                       "Сообщения пишутся по-английски; коды не меняются, поэтому по ним удобно искать.",
        "code": "Код", "meaning": "Что означает",
        "title.questions": "Файлы вопросов", "title.readings": "Литература", "title.sources": "Источники",
        "title.companies": "Компании", "title.evidence": "Типы подтверждений", "title.collections": "Подборки",
        "title.topics": "Темы", "title.tracks": "Треки", "title.types": "Типы вопросов",
        "title.difficulties": "Уровни сложности",
        "about.questions": "По одному файлу на тему: id темы, затем её вопросы. Каждое текстовое поле "
                           "заполняется на en, ru и hi.",
        "about.readings": "YAML-список материалов: статьи с arXiv или репозитории и посты по URL. Вопросы "
                          "ссылаются на них по id, в каком бы файле ни лежала запись.",
        "about.sources": "Списки мест, где вопросы задавали или публиковали, в любом числе файлов. Каждый вопрос "
                         "ссылается хотя бы на один; чтобы назвать компанию, нужен источник с url, а его `kind` "
                         "ограничивает значок подтверждения (см. «Типы подтверждений»).",
        "about.companies": "По файлу на работодателя, которого можно называть в записях `asked`; id совпадает с "
                           "именем файла.",
        "about.difficulties": "Уровни, которые называет поле `difficulty` вопроса: какой уровень кандидатов он "
                              "различает.",
        "about.evidence": "Откуда известно, что вопрос задавали в компании; значок выводится после названия "
                          "компании.",
        "about.collections": "Один опубликованный список вопросов на файл, в исходном порядке и с исходными "
                             "разделами.",
        "about.topics": "Темы в порядке чтения; у каждой есть свой файл вопросов.",
        "about.tracks": "Типы позиций, к которым готовит вопрос.",
        "about.types": "Какого ответа ждёт интервьюер.",
        "title.glossary": "Глоссарий",
        "about.glossary": "Единый словарь атласа: каждый термин на трёх языках с определением и формы, которых "
                          "следует избегать; валидатор находит их в русском тексте и в тексте на хинди (E052).",
    },
    "hi": {
        "intro": "यह संदर्भ हर बार साइट बनते समय `hooks/atlas/schemas/` की JSON Schema से बनाया जाता है, इसलिए "
                 "यह हमेशा वही बताता है जो validator जाँचता है। `questions[].asked[].company` का मतलब है: हर "
                 "प्रश्न की `asked` सूची की हर entry का `company` फ़ील्ड। फ़ील्ड के विवरण schema से लिए गए हैं और "
                 "अंग्रेज़ी में हैं।",
        "file": "फ़ाइल", "field": "फ़ील्ड", "type": "प्रकार", "required": "ज़रूरी", "description": "विवरण",
        "yes": "हाँ", "no": "नहीं", "item": "—",
        "text": "en, ru, hi में टेक्स्ट", "string": "स्ट्रिंग", "integer": "पूर्णांक",
        "mapping": "mapping (key: value)",
        "list_of": "{item} की सूची", "id": "id (slug)", "date": "तारीख़ YYYY-MM-DD", "url": "URL",
        "arxiv": "arXiv id", "one_of": "इनमें से एक: {values}", "pattern": "पैटर्न {pattern}",
        "min_chars": "कम से कम {n} अक्षर", "max_chars": "अधिकतम {n} अक्षर",
        "min_items": "कम से कम {n} entries", "unique": "कोई दोहराव नहीं", "range": "{min} से {max} तक",
        "codes_title": "नियम कोड",
        "codes_intro": "Validator (`python -m atlas validate`, और साइट का हर बिल्ड) हर समस्या एक पंक्ति में बताता "
                       "है: `फ़ाइल:पंक्ति: कोड [रिकॉर्ड] क्या ग़लत है. Fix: कैसे ठीक करें`। संदेश अंग्रेज़ी में "
                       "होते हैं; कोड कभी नहीं बदलते, इसलिए उनसे खोजना आसान है।",
        "code": "कोड", "meaning": "अर्थ",
        "title.questions": "प्रश्न फ़ाइलें", "title.readings": "पढ़ने की सामग्री", "title.sources": "स्रोत",
        "title.companies": "कंपनियाँ", "title.evidence": "प्रमाण के प्रकार", "title.collections": "संग्रह",
        "title.topics": "विषय", "title.tracks": "ट्रैक", "title.types": "प्रश्न के प्रकार",
        "title.difficulties": "कठिनाई के स्तर",
        "about.questions": "हर विषय की एक फ़ाइल: पहले विषय की id, फिर उसके प्रश्न। हर टेक्स्ट फ़ील्ड en, ru और hi "
                           "— तीनों भाषाओं में भरना होता है।",
        "about.readings": "पढ़ने की सामग्री की YAML सूची: arXiv पेपर, या URL वाले repository और पोस्ट। प्रश्न इन्हें "
                          "id से जोड़ते हैं, entry चाहे किसी भी फ़ाइल में हो।",
        "about.sources": "उन जगहों की सूचियाँ, कितनी भी फ़ाइलों में, जहाँ प्रश्न पूछे या प्रकाशित हुए। हर प्रश्न कम "
                         "से कम एक स्रोत बताता है; कंपनी का नाम देने के लिए url वाला स्रोत ज़रूरी है, और उसका "
                         "`kind` तय करता है कि कौन-सा प्रमाण-चिह्न लग सकता है (देखें: प्रमाण के प्रकार)।",
        "about.companies": "हर कंपनी की एक फ़ाइल, जिसका नाम `asked` entries में दिया जा सकता है; id फ़ाइल के "
                           "नाम जैसी ही होती है।",
        "about.difficulties": "वे स्तर जिन्हें प्रश्न का `difficulty` फ़ील्ड बताता है: प्रश्न किस स्तर के उम्मीदवारों "
                              "को अलग करता है।",
        "about.evidence": "हमें कैसे पता है कि प्रश्न किसी कंपनी में पूछा गया; इसका चिह्न कंपनी के नाम के बाद "
                          "दिखता है।",
        "about.collections": "हर फ़ाइल में एक प्रकाशित प्रश्न-सूची, अपने मूल क्रम और खंडों के साथ।",
        "about.topics": "पढ़ने के क्रम में विषय; हर विषय की अपनी प्रश्न फ़ाइल होती है।",
        "about.tracks": "प्रश्न किस तरह की भूमिका की तैयारी कराता है।",
        "about.types": "इंटरव्यूअर किस तरह का उत्तर चाहता है।",
        "title.glossary": "शब्दावली",
        "about.glossary": "एटलस की एक ही शब्दावली: हर शब्द तीनों भाषाओं में परिभाषा के साथ, और वे रूप जिनसे बचना है — "
                          "validator उन्हें रूसी और हिन्दी टेक्स्ट में पकड़ता है (E052)।",
    },
}

_PATTERN_LABELS = {SLUG: "id", DATE: "date", URL: "url", ARXIV: "arxiv"}


@dataclass(frozen=True)
class Row:
    """One line of a field table: `path` is dotted, with `[]` for "every entry of this list"."""

    path: str
    schema: dict[str, Any]
    required: bool | None  # None: a list entry, which is neither required nor optional on its own


def kinds() -> list[str]:
    """Every file kind of the schema, in guide order; a kind the schema gains is not silently dropped."""
    return [k for k in ORDER if k in FILES] + [k for k in FILES if k not in ORDER]


def is_text(schema: dict[str, Any]) -> bool:
    """A per-language text: an object whose properties are exactly the site's languages."""
    return schema.get("type") == "object" and set(schema.get("properties", {})) == set(LANGUAGES)


def rows(kind: str) -> list[Row]:
    """Every field of one file kind, nested ones included, in schema order."""
    schema = FILES[kind]
    if schema.get("type") == "array":  # list files: the fields of each entry, named without a prefix
        return list(_fields(schema["items"], ""))
    return list(_fields(schema, ""))


def _fields(schema: dict[str, Any], prefix: str) -> Iterator[Row]:
    required = set(schema.get("required", []))
    for name, child in schema.get("properties", {}).items():
        path = f"{prefix}{name}"
        yield Row(path, child, name in required)
        yield from _nested(child, path)


def _nested(schema: dict[str, Any], path: str) -> Iterator[Row]:
    if is_text(schema):
        return
    if schema.get("type") == "object":
        yield from _fields(schema, f"{path}.")
    elif schema.get("type") == "array":
        item = schema.get("items", {})
        if is_text(item):  # e.g. rubric points: worth a row of their own, with their own description
            yield Row(f"{path}[]", item, None)
        elif item.get("type") == "object":
            yield from _fields(item, f"{path}[].")


def type_name(schema: dict[str, Any], L: dict[str, str]) -> str:
    """The type and its constraints, in the reader's language."""
    limits: list[str] = []
    if is_text(schema):
        base = L["text"]
        shortest = min(p.get("minLength", 0) for p in schema["properties"].values())
        if shortest > 1:
            limits.append(L["min_chars"].format(n=shortest))
    elif schema.get("type") == "array":
        base = L["list_of"].format(item=type_name(schema.get("items", {}), L))
        if schema.get("minItems"):
            limits.append(L["min_items"].format(n=schema["minItems"]))
        if schema.get("uniqueItems"):
            limits.append(L["unique"])
    elif schema.get("type") == "object":
        base = L["mapping"]
    elif schema.get("type") == "integer":
        base = L["integer"]
        if "minimum" in schema and "maximum" in schema:
            limits.append(L["range"].format(min=schema["minimum"], max=schema["maximum"]))
    elif "enum" in schema:
        base = L["one_of"].format(values=", ".join(f"`{v}`" for v in schema["enum"]))
    elif schema.get("pattern") in _PATTERN_LABELS:
        base = L[_PATTERN_LABELS[schema["pattern"]]]
    else:
        base = L["string"]
        if "pattern" in schema:
            limits.append(L["pattern"].format(pattern=f"`{schema['pattern']}`"))  # already code: no cell()
        if schema.get("minLength", 0) > 1:
            limits.append(L["min_chars"].format(n=schema["minLength"]))
        if "maxLength" in schema:
            limits.append(L["max_chars"].format(n=schema["maxLength"]))
    return ", ".join([base, *limits])


# Words that Markdown or arithmatex would interpret: paths with * or <…>, $...$ math, "quoted ids".
_CODE_WORD = re.compile(r"[^\s()]*[<>$*_/\\][^\s()]*")


def cell(text: str) -> str:
    """Schema prose as a table cell: code-like words in backticks, pipes escaped, one line."""
    def code(m: re.Match[str]) -> str:
        word = m.group(0)
        tail = len(word) - len(word.rstrip(".,;:"))
        core, rest = (word[:-tail], word[-tail:]) if tail else (word, "")
        return f"`{core}`{rest}" if core else word
    return _CODE_WORD.sub(code, " ".join(text.split())).replace("|", "\\|")


def _labels(lang: str) -> dict[str, str]:
    if lang not in LABELS:
        raise ValueError(f"field reference: no labels for language '{lang}'; add them to atlas/fieldref.py")
    L = LABELS[lang]
    missing = [f"{key}.{kind}" for kind in FILES for key in ("title", "about") if f"{key}.{kind}" not in L]
    missing += [f"FILE_PATHS[{kind}]" for kind in FILES if kind not in FILE_PATHS]
    if missing:
        raise ValueError(f"field reference ({lang}): no text for {', '.join(missing)}; add it to atlas/fieldref.py")
    return L


def _table(header: tuple[str, ...], body: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def field_table(kind: str, lang: str) -> str:
    L = _labels(lang)
    body = []
    for row in rows(kind):
        required = L["item"] if row.required is None else (L["yes"] if row.required else L["no"])
        body.append((f"`{row.path}`", type_name(row.schema, L).replace("|", "\\|"), required,
                     cell(row.schema.get("description", ""))))
    return _table((L["field"], L["type"], L["required"], L["description"]), body)


def codes_table(lang: str) -> str:
    L = _labels(lang)
    return _table((L["code"], L["meaning"]), [(f"`{code}`", cell(summary)) for code, summary in CODES.items()])


def field_reference(lang: str) -> str:
    """Markdown for `<!-- atlas:field-reference -->`: one table per file kind, then the rule codes.

    Headings carry fixed anchors (`#fields-questions`, `#rule-codes`) so links work in every language.
    """
    L = _labels(lang)
    out = [L["intro"], ""]
    for kind in kinds():
        out += [f"### {L['title.' + kind]} {{ #fields-{kind} }}", "",
                f"{L['file']}: `{FILE_PATHS[kind]}`. {L['about.' + kind]}", "", field_table(kind, lang), ""]
    out += [f"### {L['codes_title']} {{ #rule-codes }}", "", L["codes_intro"], "", codes_table(lang), ""]
    return "\n".join(out)
