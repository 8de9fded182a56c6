package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every version is pinned once, in the root pom's properties: a property named twice silently takes
 * the last value, so the first one states a version the build does not use.
 */
class VersionsPinnedOnceTest {

    private static final Pattern PROPERTY = Pattern.compile("^\\s*<([A-Za-z0-9.-]+)>[^<]*</\\1>\\s*$",
            Pattern.MULTILINE);

    @Test
    void theRootPomNamesEachPropertyOnce() throws IOException {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        String properties = pom.substring(pom.indexOf("<properties>"), pom.indexOf("</properties>"));

        assertThat(namedMoreThanOnce(properties)).as("properties of the root pom named twice").isEmpty();
    }

    @Test
    void theCheckFindsAPropertyNamedTwice() {
        String properties = """
                <properties>
                  <zstd-jni.version>1.5.7-6</zstd-jni.version>
                  <guava.version>33.5.0-jre</guava.version>
                  <zstd-jni.version>1.5.6-1</zstd-jni.version>
                """;

        assertThat(namedMoreThanOnce(properties)).containsExactly("zstd-jni.version");
    }

    private static List<String> namedMoreThanOnce(String properties) {
        Matcher names = PROPERTY.matcher(properties);
        Map<String, Long> counts = names.results().map(match -> match.group(1))
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        return counts.entrySet().stream().filter(count -> count.getValue() > 1).map(Map.Entry::getKey).sorted().toList();
    }
}
