"""Every page model of one language, from the three page builders (topics, companies, lists)."""

from __future__ import annotations

from atlas.pages.companypages import CompanyPages
from atlas.pages.listpages import ListPages
from atlas.pages.topicpages import TopicPages


class Builder(TopicPages, CompanyPages, ListPages):
    """Builds every page model of one language from a validated atlas: `Builder(atlas, lang, repo)`."""
