import { describe, expect, it } from 'vitest';
import { MalformedXmlError, escapeXmlText, parseUcaXml } from '../../../../main/core/desktop-integration/uca-xml.ts';

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- my actions -->
<actions>
<action>
\t<icon>utilities-terminal</icon>
\t<name>Open Terminal Here</name>
\t<unique-id>1700000000-1</unique-id>
\t<command>exo-open --working-directory %f --launch TerminalEmulator</command>
\t<directories/>
</action>
<action>
\t<name>Tom &amp; Jerry</name>
\t<unique-id> <![CDATA[id-]]>&#50; </unique-id>
\t<command>echo "&lt;%F&gt;"</command>
</action>
</actions>
`;

describe('parseUcaXml', () => {
  it('finds each action, its unique-id (entities and CDATA decoded, trimmed) and where </actions> starts', () => {
    const document = parseUcaXml(FILE);
    expect(document.actions.map((a) => a.uniqueId)).toEqual(['1700000000-1', 'id-2']);
    for (const action of document.actions) {
      expect(FILE.slice(action.start, action.start + 8)).toBe('<action>');
      expect(FILE.slice(action.end - 9, action.end)).toBe('</action>');
    }
    expect(FILE.slice(document.closeStart ?? -1)).toBe('</actions>\n');
  });

  it('accepts an empty root written <actions/>', () => {
    expect(parseUcaXml('<?xml version="1.0"?>\n<actions/>\n')).toMatchObject({ actions: [], closeStart: null });
  });

  it.each([
    ['an unclosed element', '<actions><action></actions>'],
    ['a mismatched end tag', '<actions><action></actoin></actions>'],
    ['an unescaped ampersand', '<actions><action><name>Tom & Jerry</name></action></actions>'],
    ['another root element', '<menu></menu>'],
    ['two roots', '<actions></actions><actions></actions>'],
    ['text outside the root', '<actions></actions>trailing'],
    ['an unterminated comment', '<actions><!-- </actions>'],
    ['a broken tag', '<actions><action name="x></action></actions>'],
    ['nothing at all', ''],
  ])('refuses %s', (_, text) => {
    expect(() => parseUcaXml(text)).toThrow(MalformedXmlError);
  });
});

describe('escapeXmlText', () => {
  it('escapes what text content cannot hold', () => {
    expect(escapeXmlText(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
  });
});
