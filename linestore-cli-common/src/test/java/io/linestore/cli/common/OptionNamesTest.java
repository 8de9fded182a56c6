package io.linestore.cli.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class OptionNamesTest {

    /** Shaped like the API's enums, which this module does not depend on. */
    enum Reader { AUTO, BUFFERED_READER, RANDOM_ACCESS_FILE, FILE_CHANNEL, MMAP }

    enum Shape { SINGLE, SHARDED }

    @Test
    void spellsInLowerCaseWithDashes() {
        assertThat(OptionNames.of(Reader.BUFFERED_READER)).isEqualTo("buffered-reader");
        assertThat(OptionNames.of(Shape.SHARDED)).isEqualTo("sharded");
        assertThat(OptionNames.all(Shape.class)).containsExactly("single", "sharded");
    }

    @ParameterizedTest
    @EnumSource(Reader.class)
    void parsesWhatItSpells(Reader method) {
        assertThat(OptionNames.parse(Reader.class, OptionNames.of(method), "reader")).isEqualTo(method);
        assertThat(OptionNames.parse(Reader.class, method.name(), "reader")).isEqualTo(method);
    }

    @ParameterizedTest
    @ValueSource(strings = {"File-Channel", " file-channel ", "file_channel", "FILE_CHANNEL"})
    void ignoresCaseAndSurroundingSpace(String text) {
        assertThat(OptionNames.parse(Reader.class, text, "reader")).isEqualTo(Reader.FILE_CHANNEL);
    }

    @Test
    void refusesAnUnknownNameNamingTheChoices() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OptionNames.parse(Shape.class, "striped", "layout"))
                .withMessage("unknown layout 'striped' (expected single, sharded)");
    }
}
