package io.linestore.gen;

import io.linestore.cli.common.OptionNames;

/** What the payload of a generated line reads like, and so how the generated text compresses. */
public enum ContentKind {

    /**
     * Characters of the chosen charset in no order: slices of a pseudo-random pool. Compresses the way
     * random text does, which says little about real data.
     */
    RANDOM,

    /**
     * Application log records: a timestamp that grows with the line number, a level, a thread, a
     * logger and a message from a few dozen templates with names, numbers and paths filled in, as
     * many records as the line's length holds. Printable ASCII; compresses like real logs.
     */
    LOG,

    /**
     * JSON records of an event stream: timestamp, level, service, user, action, ids, durations and
     * paths, in a fixed key order, as many as the line's length holds. Printable ASCII; compresses
     * like JSONL exports.
     */
    JSON;

    /**
     * Returns the kind spelled {@code text} ({@code random}, {@code log} or {@code json},
     * case-insensitive).
     *
     * @param text the command-line spelling
     * @return the kind
     * @throws IllegalArgumentException naming the value if it is unknown
     */
    public static ContentKind fromOptionName(String text) {
        return OptionNames.parse(ContentKind.class, text, "content");
    }
}
