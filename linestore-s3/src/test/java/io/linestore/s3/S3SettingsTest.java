package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings come from a system property, else the environment, else a default; a bad value is named. */
class S3SettingsTest {

    @Test
    void theGetSizeAndGetsInFlightDefaultToEightMebibytesAndFourAndManifestsAreAskedAboutOnEveryOpen() {
        S3Settings settings = S3Settings.from(name -> null, Map.of());
        assertThat(settings.manifestTtl()).isZero();
        assertThat(settings.getBytes()).isEqualTo(8 << 20);
        assertThat(settings.getsInFlight()).isEqualTo(4);
        assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(settings.retries()).isEqualTo(2);
    }

    @Test
    void aSystemPropertyWinsOverTheEnvironment() {
        Map<String, String> environment = Map.of("LINESTORE_S3_GET_BYTES", "65536", "LINESTORE_S3_GETS_IN_FLIGHT", "8");
        S3Settings fromEnvironment = S3Settings.from(name -> null, environment);
        assertThat(fromEnvironment.getBytes()).isEqualTo(65_536);
        assertThat(fromEnvironment.getsInFlight()).isEqualTo(8);
        S3Settings fromProperties = S3Settings.from(
                Map.of("linestore.s3.getBytes", "1048576", "linestore.s3.getsInFlight", "2")::get, environment);
        assertThat(fromProperties.getBytes()).isEqualTo(1 << 20);
        assertThat(fromProperties.getsInFlight()).isEqualTo(2);
    }

    @Test
    void theDeadlineAndWriteTimeoutDefaultToEightSecondsAndComeFromTheirVariables() {
        S3Settings defaults = S3Settings.from(name -> null, Map.of());
        assertThat(defaults.deadline()).isEqualTo(Duration.ofSeconds(8));
        assertThat(defaults.writeTimeout()).isEqualTo(Duration.ofSeconds(8));
        S3Settings set = S3Settings.from(Map.of("linestore.s3.deadline", "2.5")::get,
                Map.of("LINESTORE_S3_DEADLINE", "7", "LINESTORE_S3_WRITE_TIMEOUT", "0.5"));
        assertThat(set.deadline()).isEqualTo(Duration.ofMillis(2_500));
        assertThat(set.writeTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_DEADLINE", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LINESTORE_S3_DEADLINE must be a number of seconds above 0 and at most 3600: 0");
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_WRITE_TIMEOUT", "soon")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LINESTORE_S3_WRITE_TIMEOUT must be a number of seconds above 0 and at most 3600: soon");
    }

    @Test
    void readOptionsSetTheTimeoutDeadlineAndRetriesAndKeepTheRest() {
        S3Settings settings = S3Settings.from(name -> null, Map.of("LINESTORE_S3_GETS_IN_FLIGHT", "3",
                "LINESTORE_S3_DEADLINE", "5", "LINESTORE_S3_WRITE_TIMEOUT", "6"))
                .with(ReadOptions.builder().remoteTimeout(Duration.ofMillis(250)).remoteDeadline(Duration.ofSeconds(2))
                        .remoteRetries(0).build());
        assertThat(settings.timeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.deadline()).isEqualTo(Duration.ofSeconds(2));
        assertThat(settings.writeTimeout()).isEqualTo(Duration.ofSeconds(6));
        assertThat(settings.retries()).isZero();
        assertThat(settings.getsInFlight()).isEqualTo(3);
        assertThat(S3Settings.from(name -> null, Map.of("LINESTORE_S3_DEADLINE", "5"))
                .with(ReadOptions.of(ReadMethod.AUTO)).deadline()).isEqualTo(Duration.ofSeconds(5));
        assertThat(S3Settings.from(Map.of("linestore.s3.manifestTtl", "60")::get, Map.of()).with(ReadOptions.of(ReadMethod.AUTO))
                .manifestTtl()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void aValueOutOfRangeOrNotANumberIsRefusedNamingTheVariable() {
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_GET_BYTES", "100")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LINESTORE_S3_GET_BYTES must be a number of bytes from 1024 to 1073741824: 100");
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_GETS_IN_FLIGHT", "many")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LINESTORE_S3_GETS_IN_FLIGHT must be a number of GETs from 1 to 64: many");
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_GETS_IN_FLIGHT", "0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("LINESTORE_S3_GETS_IN_FLIGHT");
        assertThatThrownBy(() -> S3Settings.from(name -> null, Map.of("LINESTORE_S3_MANIFEST_TTL", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LINESTORE_S3_MANIFEST_TTL must be a number of seconds from 0 to 86400: -1");
    }
}
