package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every text file of the repository (docs, code, tests, scripts, raw benchmark results) speaks of the
 * product, not of how the work on it was organised: no periods of work, no remarks about the
 * computer that made a figure in place of its description, no temporary-folder paths, no numbered
 * work items. An HTTP or AWS session is a product word and passes.
 */
class RepositoryWordsTest {

    private static final Path ROOT = Path.of("..");

    /** Folders that hold build output or local runs (the corpus fuzzing grows), not the repository's files. */
    private static final Set<String> NOT_SOURCES = Set.of(".git", "target", ".idea", ".vscode",
            "linestore-demo", "bench-results", ".mvn", ".cifuzz-corpus");

    private static final Set<String> BINARY = Set.of("png", "jar", "class", "gz", "zst", "bin");

    /** The words below are built from pieces, so that this file does not match itself. */
    private static final String SES_WORD = "ses" + "sion";

    /** The words of the work. */
    private static final Pattern WORK_WORDS = Pattern.compile(String.join("|",
            "\\b" + SES_WORD + "s?\\b", "this" + " machine", "/tm" + "p/", "\\b" + "issue [0-9]+", "\\b" + "defect [0-9]+"),
            Pattern.CASE_INSENSITIVE);

    /** The protocol kind, which the product does have. */
    private static final Pattern PRODUCT_SESSION = Pattern.compile(
            "https? " + SES_WORD + "|aws " + SES_WORD + "|" + SES_WORD + " ?token", Pattern.CASE_INSENSITIVE);

    @Test
    void noFileSpeaksOfHowTheWorkWasOrganised() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(RepositoryWordsTest::isSource).forEach(file -> found.addAll(workWords(file)));
        }

        assertThat(found).as("lines about the work, not the product").isEmpty();
    }

    @Test
    void theCheckFindsEachKindOfWorkWord() {
        assertThat(List.of("measured in " + SES_WORD + " 7", "on this" + " machine", "under /tm" + "p/x",
                "see issue" + " 11", "defect" + " 3 of"))
                .allMatch(line -> isWorkWord(line));
        assertThat(List.of("an HTTP " + SES_WORD, "the AWS " + SES_WORD + " token", "a " + SES_WORD + "less read"))
                .noneMatch(line -> isWorkWord(line));
    }

    private static boolean isSource(Path file) {
        for (Path part : ROOT.relativize(file)) {
            if (NOT_SOURCES.contains(part.toString())) {
                return false;
            }
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return Files.isRegularFile(file) && (dot < 0 || !BINARY.contains(name.substring(dot + 1)));
    }

    private static List<String> workWords(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (MalformedInputException notText) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (isWorkWord(lines.get(i))) {
                found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
            }
        }
        return found;
    }

    private static boolean isWorkWord(String line) {
        return WORK_WORDS.matcher(PRODUCT_SESSION.matcher(line).replaceAll("")).find();
    }
}
