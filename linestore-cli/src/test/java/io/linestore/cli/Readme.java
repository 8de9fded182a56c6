package io.linestore.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The examples in the repository's README.md, as the tests that run or compare them need them. */
final class Readme {

    private final String text;

    private Readme(String text) {
        this.text = text;
    }

    /**
     * Reads the README of the checkout at {@code root}.
     *
     * @param root the repository's root folder
     */
    static Readme of(Path root) {
        try {
            return new Readme(Files.readString(root.resolve("README.md")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The contents of every fenced block of {@code language} (```java ... ```), in order. */
    List<String> fencedBlocks(String language) {
        Matcher blocks = Pattern.compile("^```" + Pattern.quote(language) + "\n(.*?)^```$",
                Pattern.MULTILINE | Pattern.DOTALL).matcher(text);
        return blocks.results().map(block -> block.group(1)).toList();
    }

    /**
     * The lines of the first indented (four-space) block under the heading {@code ## heading},
     * without the indent.
     */
    List<String> indentedBlock(String heading) {
        int section = text.indexOf("\n## " + heading + "\n");
        if (section < 0) {
            throw new AssertionError("README.md has no section '## " + heading + "'");
        }
        return text.substring(section).lines()
                .dropWhile(line -> !line.startsWith("    "))
                .takeWhile(line -> line.startsWith("    "))
                .map(line -> line.substring(4))
                .toList();
    }
}
