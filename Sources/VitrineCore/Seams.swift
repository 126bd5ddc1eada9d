// The seams (VitrineSeams: the display, input, loop, time and backlight protocols and the
// values they carry) are part of what `import VitrineCore` gives the toolkit and an app.
@_exported import VitrineSeams
// Translated strings (VitrineLocalization: `String(localized:)`, `Localizer`) too: the
// application keeps the app's language (`Application.localizer`) and the toolkit's own strings
// follow it.
@_exported import VitrineLocalization
