import CEvdev
import Glibc
import Testing

extension KernelRing {
    /// Speech on a real kernel: the demo started with `--speech on-headphones` finds a uinput
    /// headphone jack (EV_SW / SW_HEADPHONE_INSERT) through libevdev, and plugging headphones in
    /// turns speech on (espeak-ng from the host's espeak-ng-data); the VM has no sound card, so
    /// it also says speech continues silently. Asserted on the demo's log lines.
    @Suite("Speech")
    @MainActor
    struct SpeechOnTheKernel {
        @Test("plugging headphones into the jack turns the demo's speech on, pulling them out off")
        func headphonesTurnSpeechOn() throws {
            let jack = try UInputDevice.headphoneJack()
            let child = try ChildProcess(KernelRing.binDirectory + "/vitrine-demo", ["--speech", "on-headphones"])
            defer {
                kill(child.pid, SIGTERM)
                child.wait(seconds: 30)
            }
            func waitFor(_ line: String) -> Bool {
                var remaining = 60_000
                while !child.text.contains(line) && remaining > 0 {
                    if !child.readOutput(waitingAtMost: 50) { return child.text.contains(line) }
                    remaining -= 50
                }
                return child.text.contains(line)
            }
            try #require(waitFor("speech: off until headphones are plugged into \(jack.node)"),
                         "the demo did not find the jack \(jack.node):\n\(child.text)")
            #expect(!child.text.contains("speech: on"))
            jack.write(Int32(EV_SW), Int32(SW_HEADPHONE_INSERT), 1)
            jack.sync()
            try #require(waitFor("speech: on — headphones plugged in"), "plugging in did not turn speech on:\n\(child.text)")
            // The VM has no sound card: that is said once, and speech goes on without sound —
            // the reader says the welcome screen's first element, synthesized by espeak-ng.
            #expect(child.text.contains("speech continues silently"), "no line about the missing sound device:\n\(child.text)")
            #expect(waitFor("speech (no sound): \""), "the demo said nothing:\n\(child.text)")
            jack.write(Int32(EV_SW), Int32(SW_HEADPHONE_INSERT), 0)
            jack.sync()
            #expect(waitFor("speech: off — headphones pulled out"), "pulling out did not turn speech off:\n\(child.text)")
            for line in child.text.split(separator: "\n") where line.contains("speech") { print("vitrine-demo: \(line)") }
        }
    }
}
