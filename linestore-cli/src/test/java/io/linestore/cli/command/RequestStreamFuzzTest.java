package io.linestore.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request stream of {@code read --ranges}, whatever its bytes. {@link RequestLines} gives its
 * lines split at {@code \n}, a {@code \r} that ends one dropped, each decoded as UTF-8, and refuses a
 * line of more than {@value RequestLines#LONGEST} bytes, as soon as it passes them, with an
 * {@link IllegalArgumentException} that says so, going on with the next. {@link RangeRequest#parse} reads a line into two counts, which
 * are the numbers written when the line is two plain decimal numbers and, written back, parse to the
 * same request; or refuses it with an {@link IllegalArgumentException}, never another exception.
 */
class RequestStreamFuzzTest {

    /** Two numbers that {@link Long#parseLong} reads, between blanks. */
    private static final Pattern PLAIN = Pattern.compile("[ \t]*(\\d{1,18})[ \t]+(\\d{1,18})[ \t]*");

    @FuzzTest
    void requestLinesAreTheStreamSplitAtNewlines(byte[] stream) throws IOException {
        try (RequestLines lines = new RequestLines("requests.txt", new ByteArrayInputStream(stream))) {
            int start = 0;
            while (start < stream.length) {
                int end = start;
                while (end < stream.length && stream[end] != '\n') {
                    end++;
                }
                int length = end - start;
                if (length > RequestLines.LONGEST) {
                    assertThatThrownBy(lines::next).isExactlyInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining("longer than " + RequestLines.LONGEST + " bytes");
                } else {
                    int content = length > 0 && stream[end - 1] == '\r' ? end - 1 : end;
                    assertThat(lines.next()).as("line from byte %d", start)
                            .isEqualTo(new String(Arrays.copyOfRange(stream, start, content), StandardCharsets.UTF_8));
                }
                start = end + 1;
            }
            assertThat(lines.next()).as("after the last line").isNull();
        }
    }

    @FuzzTest
    void aRequestReadsAsItsCountsOrIsRefused(byte[] line) {
        String text = new String(line, StandardCharsets.UTF_8);
        RangeRequest request;
        try {
            request = RangeRequest.parse(text);
        } catch (IllegalArgumentException e) {
            assertThat(e).isExactlyInstanceOf(IllegalArgumentException.class);
            assertThat(PLAIN.matcher(text).matches()).as("plain numbers refused: %s", e.getMessage()).isFalse();
            return;
        }
        assertThat(request.offset()).isNotNegative();
        assertThat(request.size()).isNotNegative();
        Matcher plain = PLAIN.matcher(text);
        if (plain.matches()) {
            assertThat(request).isEqualTo(new RangeRequest(Long.parseLong(plain.group(1)), Long.parseLong(plain.group(2))));
        }
        assertThat(RangeRequest.parse(request.offset() + "\t" + request.size())).isEqualTo(request);
    }
}
