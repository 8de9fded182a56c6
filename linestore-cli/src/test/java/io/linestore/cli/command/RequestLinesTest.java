package io.linestore.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The {@code read --ranges} request stream: a line is refused as soon as it passes 1,024 bytes, so an
 * endless line ends the read at once; a request holds spaces, tabs and its two counts, and any
 * other control character is refused; lines of blanks are no requests.
 */
class RequestLinesTest {

    @Test
    void anEndlessLineIsRefusedOnceItPassesTheLimitWithoutReadingOn() throws IOException {
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return 'x';
            }
        };
        try (RequestLines lines = new RequestLines("standard input", endless)) {
            assertThatThrownBy(lines::next).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("longer than " + RequestLines.LONGEST);
        }
        assertThat(read[0]).isLessThanOrEqualTo(1 << 17);
    }

    @Test
    void theLineAfterOneTooLongIsReadWhole() throws IOException {
        String text = "y".repeat(5_000) + "\n10 2\r\n\n";
        try (RequestLines lines = new RequestLines("requests", new ByteArrayInputStream(
                text.getBytes(StandardCharsets.US_ASCII)))) {
            assertThatThrownBy(lines::next).isInstanceOf(IllegalArgumentException.class);
            assertThat(lines.next()).isEqualTo("10 2");
            assertThat(lines.next()).isEmpty();
            assertThat(lines.next()).isNull();
        }
    }

    @Test
    void controlCharactersAreRefusedWhereverTheyStand() {
        for (String request : new String[] {"10 2\u000b", "\f10 2", "10\u00002", "10 2\r", "\u001c10 2"}) {
            assertThatThrownBy(() -> RangeRequest.parse(request)).as(request)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("control character");
        }
        assertThat(RangeRequest.parse("\t10 \t 2 ")).isEqualTo(new RangeRequest(10, 2));
    }

    @Test
    void onlyLinesOfSpacesAndTabsAreBlank() {
        assertThat(RangeRequest.isBlankLine("")).isTrue();
        assertThat(RangeRequest.isBlankLine(" \t ")).isTrue();
        assertThat(RangeRequest.isBlankLine("\r")).isFalse();
        assertThat(RangeRequest.isBlankLine("\u000b")).isFalse();
    }
}
