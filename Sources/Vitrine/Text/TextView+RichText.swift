import VitrineGraphics

// A text view's attributed text: its runs kept in step with the editing buffer, typing
// attributes, and links.

extension TextView {
    /// The text with its attributes (UIKit's `attributedText`), shown and edited: runs in
    /// their own fonts, colours, backgrounds, decorations, kerning and baseline offsets, and
    /// paragraphs set by their styles (see `TextLayout(attributedText:…)`); what a run leaves
    /// unset comes from the view (`font`, `textColor`, `textAlignment`).
    ///
    /// Editing keeps the runs in step: typed or pasted text takes `typingAttributes`, deleted
    /// text shrinks or drops the runs it crossed (undo brings back the characters, in the
    /// attributes of the text around them). Setting it sets `text` (the string cleaned and
    /// capped as `text`'s), moves the caret to the end and clears undo; setting `text` drops
    /// the attributes. Read without attributes set, it is `text` with no attributes (the
    /// view's font and colour). With attributes, each edit rebuilds the runs and lays the text
    /// out anew (plain text is laid out in place).
    public var attributedText: AttributedText {
        get {
            syncAttributes()
            return attributedStorage ?? AttributedText(buffer.text)
        }
        set {
            text = newValue.string
            attributedStorage = newValue
            explicitTypingAttributes = nil
            syncAttributes()
            textDidChange()
        }
    }

    /// The attributes typed or pasted text takes (UIKit's `typingAttributes`): those of the
    /// character before the caret (at the start, the first's), until set; setting them lasts
    /// until the selection moves. Empty attributes are the view's font and colour. Setting
    /// them on a view with plain text gives it attributes (its text keeps the view's).
    public var typingAttributes: TextAttributes {
        get {
            if let explicitTypingAttributes { return explicitTypingAttributes }
            syncAttributes()
            guard let attributedStorage else { return TextAttributes() }
            let caret = scalarOffset(ofCharacter: buffer.selection.lowerBound)
            return attributedStorage.attributes(atScalar: caret > 0 ? caret - 1 : 0)
        }
        set {
            if attributedStorage == nil { attributedStorage = AttributedText(buffer.text) }
            explicitTypingAttributes = newValue
        }
    }

    /// The scalar offset of character offset `offset` in the buffer.
    func scalarOffset(ofCharacter offset: Int) -> Int {
        var scalars = 0
        for character in buffer.characters.prefix(max(offset, 0)) { scalars += character.unicodeScalars.count }
        return scalars
    }

    /// Brings `attributedStorage` in step with the buffer after an edit: the changed stretch
    /// is found as what lies between the longest common prefix and suffix of the two texts
    /// (the suffix not reaching before the caret, which stands after what was typed, so that
    /// typing "l" into "hel|lo" inserts at the caret, not after the next "l"); it takes the
    /// typing attributes.
    func syncAttributes() {
        guard var storage = attributedStorage else { return }
        var new: [Unicode.Scalar] = []
        new.reserveCapacity(storage.scalarCount + 8)
        for character in buffer.characters { new.append(contentsOf: character.unicodeScalars) }
        guard !storage.string.unicodeScalars.elementsEqual(new) else { return }
        let old = Array(storage.string.unicodeScalars)
        let caret = min(scalarOffset(ofCharacter: buffer.selection.upperBound), new.count)
        let limit = min(old.count, new.count)
        var suffix = 0
        while suffix < min(limit, new.count - caret), old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var prefix = 0
        while prefix < limit - suffix, old[prefix] == new[prefix] { prefix += 1 }
        var inserted = ""
        inserted.unicodeScalars.append(contentsOf: new[prefix..<(new.count - suffix)])
        let attributes = explicitTypingAttributes ?? storage.attributes(atScalar: prefix > 0 ? prefix - 1 : 0)
        storage.replaceScalars(prefix..<(old.count - suffix), with: AttributedText(inserted, attributes: attributes))
        attributedStorage = storage
    }

    /// The link of the character under `point` (content space) and its run in character
    /// offsets, if that character has one.
    func link(at point: Point) -> (link: String, range: Range<Int>)? {
        guard attributedStorage != nil, buffer.count > 0 else { return nil }
        syncAttributes()
        guard let storage = attributedStorage else { return nil }
        let offset = offset(at: point)
        for c in [offset - 1, offset] where c >= 0 && c < buffer.count {
            let a = caretRect(for: c), b = caretRect(for: c + 1)
            // The character spans its two carets on one line (either way round: right to left).
            guard a.minY == b.minY, min(a.midX, b.midX) <= point.x, point.x <= max(a.midX, b.midX),
                  a.minY <= point.y, point.y <= a.maxY else { continue }
            let scalar = scalarOffset(ofCharacter: c)
            let run = storage.runs[storage.runIndex(atScalar: scalar)]
            guard let link = run.attributes.link else { continue }
            // The run in characters: count characters up to each end.
            var scalars = 0, lower = 0, upper = buffer.count
            for (i, character) in buffer.characters.enumerated() {
                if scalars <= run.range.lowerBound { lower = i }
                if scalars >= run.range.upperBound { upper = i; break }
                scalars += character.unicodeScalars.count
            }
            return (link, lower..<upper)
        }
        return nil
    }
}
