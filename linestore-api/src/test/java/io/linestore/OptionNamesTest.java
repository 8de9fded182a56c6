package io.linestore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class OptionNamesTest {

    @Test
    void spellsInLowerCaseWithDashes() {
        assertThat(OptionNames.of(ReadMethod.BUFFERED_READER)).isEqualTo("buffered-reader");
        assertThat(OptionNames.of(Layout.SHARDED)).isEqualTo("sharded");
        assertThat(OptionNames.all(Layout.class)).containsExactly("single", "sharded");
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void parsesWhatItSpells(ReadMethod method) {
        assertThat(OptionNames.parse(ReadMethod.class, OptionNames.of(method), "reader")).isEqualTo(method);
        assertThat(OptionNames.parse(ReadMethod.class, method.name(), "reader")).isEqualTo(method);
    }

    @ParameterizedTest
    @ValueSource(strings = {"File-Channel", " file-channel ", "file_channel", "FILE_CHANNEL"})
    void ignoresCaseAndSurroundingSpace(String text) {
        assertThat(OptionNames.parse(ReadMethod.class, text, "reader")).isEqualTo(ReadMethod.FILE_CHANNEL);
    }

    @Test
    void refusesAnUnknownNameNamingTheChoices() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OptionNames.parse(Layout.class, "striped", "layout"))
                .withMessage("unknown layout 'striped' (expected single, sharded)");
    }
}
