"""``{% state %}...{% endstate %}``: the part of a page that is the same for everyone.

What a public page shows of the tournament's state goes between the two tags;
the rest of the page (the site header with the visitor's name, forms and
their tokens, the projector's QR code) is drawn around it for each request.
The tag does one of two things (``tournaments.live.pages``):

- with ``state_body`` in the context (a cached render of this part), it
  writes that and renders nothing of its own;
- otherwise it renders its content, and hands it to ``state_capture`` (a list)
  when the context has one, so that the render that fills the cache keeps it.
"""

from __future__ import annotations

from django import template
from django.template.base import Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


class StateNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: Context) -> SafeString:
        cached = context.get("state_body")
        if cached is not None:
            return mark_safe(str(cached))  # rendered (and escaped) by this same tag before
        output = self.nodelist.render(context)
        capture = context.get("state_capture")
        if capture is not None:
            capture.append(output)
        return mark_safe(output)


@register.tag("state")
def state(parser: Parser, token: Token) -> StateNode:
    nodelist = parser.parse(("endstate",))
    parser.delete_first_token()
    return StateNode(nodelist)
